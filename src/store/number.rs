//! How the ids that are numbers ([`TableId`], [`CupId`], [`Version`]) are bound to queries and read from
//! rows: as the `BIGINT` / `INTEGER` they are stored as, on either database.

use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::{Database, Decode, Encode, Type};

use crate::ids::{CupId, TableId, Version};

macro_rules! stored_as_i64 {
    ($name:ident) => {
        impl<DB: Database> Type<DB> for $name
        where
            i64: Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <i64 as Type<DB>>::type_info()
            }

            fn compatible(ty: &DB::TypeInfo) -> bool {
                <i64 as Type<DB>>::compatible(ty)
            }
        }

        impl<'q, DB: Database> Encode<'q, DB> for $name
        where
            i64: Encode<'q, DB>,
        {
            fn encode_by_ref(&self, buf: &mut DB::ArgumentBuffer) -> Result<IsNull, BoxDynError> {
                self.get().encode_by_ref(buf)
            }
        }

        impl<'r, DB: Database> Decode<'r, DB> for $name
        where
            i64: Decode<'r, DB>,
        {
            fn decode(value: DB::ValueRef<'r>) -> Result<Self, BoxDynError> {
                Ok($name::new(i64::decode(value)?))
            }
        }
    };
}

stored_as_i64!(TableId);
stored_as_i64!(CupId);
stored_as_i64!(Version);
