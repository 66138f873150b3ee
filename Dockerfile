# dicetable: a multi-stage build. The first stage compiles; the runtime image holds only the
# binary, CA certificates and an unprivileged user.
FROM rust:1.95-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock rustfmt.toml ./
COPY src src
COPY migrations migrations
COPY assets assets
COPY benches benches
RUN cargo build --release --locked --bin dicetable \
    && strip target/release/dicetable

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /data --create-home dicetable
COPY --from=build /src/target/release/dicetable /usr/local/bin/dicetable
USER dicetable
WORKDIR /data
ENV LISTEN=0.0.0.0:8080 \
    DATABASE_URL=sqlite:///data/dicetable.db
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s CMD ["dicetable", "healthcheck"]
ENTRYPOINT ["dicetable"]
