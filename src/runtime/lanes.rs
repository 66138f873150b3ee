//! Lanes: queues of work by key (a chat, a table), each drained in order by one task of its own
//! that exists while its queue has work. The adapters handle each chat's updates in order this
//! way, while different chats proceed in parallel.
//!
//! A job that panics is logged and the lane goes on with the next one, so one bad update never
//! silences a chat. A graceful shutdown waits for every lane to empty ([`Lanes::idle`]).
//!
//! [`Background`] is the other kind of lane: one thread of its own, at the lowest CPU priority,
//! for long drawing (replays) that must never take a core from the boards of moves.

use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex};

use futures_util::FutureExt;
use tokio::sync::Notify;

/// Queues of `T` by key; a lane is open (has a task) exactly while its key is in the map.
pub struct Lanes<T> {
    queues: Mutex<HashMap<String, VecDeque<T>>>,
    /// Woken whenever a lane closes (its queue emptied).
    closed: Notify,
}

impl<T> Default for Lanes<T> {
    fn default() -> Self {
        Self { queues: Mutex::default(), closed: Notify::new() }
    }
}

impl<T: Send + 'static> Lanes<T> {
    /// Queues `item` in lane `key`. If the lane was idle, starts its task, which takes items
    /// with `pick` (`VecDeque::pop_front`, or one that skips superseded work) and does `work`
    /// on each, in order, until the lane is empty.
    pub fn submit<F, Fut>(
        self: &Arc<Self>,
        key: String,
        item: T,
        pick: fn(&mut VecDeque<T>) -> Option<T>,
        work: F,
    ) where
        F: Fn(T) -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send,
    {
        if self.push(&key, item) {
            let lanes = self.clone();
            tokio::spawn(async move {
                while let Some(item) = lanes.next(&key, pick) {
                    if let Err(panic) = AssertUnwindSafe(work(item)).catch_unwind().await {
                        let what = panic_text(&*panic);
                        tracing::error!(lane = %key, panic = %what, "a job panicked; the lane goes on");
                    }
                }
            });
        }
    }
}

impl<T> Lanes<T> {
    /// Queues `item` in lane `key`; true if the lane was closed, so a task must be started.
    fn push(&self, key: &str, item: T) -> bool {
        let mut queues = self.queues.lock().unwrap_or_else(|e| e.into_inner());
        match queues.get_mut(key) {
            Some(queue) => {
                queue.push_back(item);
                false
            }
            None => {
                queues.insert(key.to_owned(), VecDeque::from([item]));
                true
            }
        }
    }

    /// The lane's next item, chosen by `pick`; `None` closes the lane.
    fn next(&self, key: &str, pick: impl FnOnce(&mut VecDeque<T>) -> Option<T>) -> Option<T> {
        let mut queues = self.queues.lock().unwrap_or_else(|e| e.into_inner());
        let item = pick(queues.get_mut(key)?);
        if item.is_none() {
            queues.remove(key);
            self.closed.notify_waiters();
        }
        item
    }

    /// What `look` says of lane `key`'s queue (the work not yet taken), if the lane is open.
    pub fn peek<R>(&self, key: &str, look: impl FnOnce(&VecDeque<T>) -> R) -> Option<R> {
        let queues = self.queues.lock().unwrap_or_else(|e| e.into_inner());
        queues.get(key).map(look)
    }

    /// How many lanes have work (queued or running).
    pub fn busy(&self) -> usize {
        self.queues.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Resolves once every lane is empty: all queued work is done, including work queued while
    /// waiting.
    pub async fn idle(&self) {
        loop {
            let closed = self.closed.notified();
            tokio::pin!(closed);
            closed.as_mut().enable();
            if self.busy() == 0 {
                return;
            }
            closed.await;
        }
    }
}

/// A job for [`Background`]'s thread.
type Job = Box<dyn FnOnce() + Send>;

/// One worker thread for long CPU work (a replay's GIF takes seconds) beside the interactive
/// work: jobs run one at a time, in order, on a thread of their own at the lowest scheduling
/// priority (nice 19 on Linux), so they take no permit and no async worker from the boards of
/// moves, and on a busy machine the operating system gives the cores to the boards first.
/// A job that panics is logged and the thread goes on; after each job the allocator returns
/// freed memory to the system (a replay's frames are tens of megabytes).
pub struct Background {
    name: String,
    /// The thread's queue, once the first job started it.
    jobs: Mutex<Option<std::sync::mpsc::Sender<Job>>>,
    /// Jobs queued or running.
    pending: Arc<std::sync::atomic::AtomicUsize>,
}

impl Background {
    /// A lane whose thread, named `name`, starts with the first job and ends when the
    /// `Background` is dropped.
    pub fn new(name: &str) -> Self {
        Self { name: name.to_owned(), jobs: Mutex::default(), pending: Arc::default() }
    }

    /// Runs `work` on the worker thread after the jobs before it; `None` if it panicked (the
    /// panic is logged) or the thread could not be started.
    pub async fn run<R, F>(&self, work: F) -> Option<R>
    where
        R: Send + 'static,
        F: FnOnce() -> R + Send + 'static,
    {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let pending = self.pending.clone();
        let job: Job = Box::new(move || {
            let done = std::panic::catch_unwind(AssertUnwindSafe(work));
            pending.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
            match done {
                Ok(r) => {
                    let _ = tx.send(r);
                }
                Err(panic) => {
                    tracing::error!(panic = %panic_text(&*panic), "a background job panicked")
                }
            }
        });
        self.pending.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        if let Err(e) = self.send(job) {
            self.pending.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
            tracing::error!(lane = %self.name, error = %e, "the background thread did not start");
            return None;
        }
        rx.await.ok()
    }

    /// Queues a job, starting the thread if it is not running.
    fn send(&self, job: Job) -> std::io::Result<()> {
        let mut jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
        let job = match jobs.as_ref() {
            Some(tx) => match tx.send(job) {
                Ok(()) => return Ok(()),
                // The thread is gone (it never is while its queue lives): start another.
                Err(std::sync::mpsc::SendError(job)) => job,
            },
            None => job,
        };
        let (tx, rx) = std::sync::mpsc::channel::<Job>();
        std::thread::Builder::new().name(self.name.clone()).spawn(move || {
            lower_priority();
            while let Ok(job) = rx.recv() {
                job();
                return_memory();
            }
        })?;
        let _ = tx.send(job);
        *jobs = Some(tx);
        Ok(())
    }

    /// Jobs queued or running.
    pub fn pending(&self) -> usize {
        self.pending.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// A panic's message, if it has one.
pub fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default()
}

/// Gives the calling thread the lowest CPU priority (Linux: nice 19 for this thread alone).
#[cfg(target_os = "linux")]
fn lower_priority() {
    // SAFETY: gettid and setpriority only read and set this thread's scheduling attributes.
    let done = unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, 19)
    };
    if done != 0 {
        tracing::warn!("could not lower the background thread's priority");
    }
}

#[cfg(not(target_os = "linux"))]
fn lower_priority() {}

/// Hands memory freed by a long job back to the operating system (glibc keeps it otherwise).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn return_memory() {
    // SAFETY: malloc_trim only releases free memory at the top of the heaps and unused pages.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn return_memory() {}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tokio::sync::mpsc::UnboundedSender;

    use super::*;

    /// Queues `items` in the lane "chat": each job awaits `first(item)` (which may wait, or
    /// panic), then sends its item to `tx`.
    fn submit_sending<F, Fut>(
        lanes: &Arc<Lanes<u32>>,
        items: impl IntoIterator<Item = u32>,
        tx: &UnboundedSender<u32>,
        first: F,
    ) where
        F: Fn(u32) -> Fut + Copy + Send + 'static,
        Fut: Future<Output = ()> + Send,
    {
        for i in items {
            let tx = tx.clone();
            lanes.submit("chat".into(), i, VecDeque::pop_front, move |n| {
                let tx = tx.clone();
                async move {
                    first(n).await;
                    let _ = tx.send(n);
                }
            });
        }
    }

    #[test]
    fn a_lane_is_open_while_it_has_work() {
        let lanes: Lanes<u32> = Lanes::default();
        assert!(lanes.push("a", 1), "the first item opens the lane");
        assert!(!lanes.push("a", 2), "the lane's task takes the second");
        assert!(lanes.push("b", 9), "another lane is independent");
        assert_eq!(lanes.next("a", VecDeque::pop_front), Some(1));
        assert_eq!(lanes.next("a", VecDeque::pop_front), Some(2));
        assert_eq!(lanes.next("a", VecDeque::pop_front), None);
        assert!(lanes.push("a", 3), "an emptied lane closed and opens again");
    }

    #[tokio::test]
    async fn work_in_one_lane_is_done_in_order() {
        let lanes: Arc<Lanes<u32>> = Arc::default();
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        // Later items must wait for earlier ones, however long those take.
        submit_sending(&lanes, 0..50, &tx, |n| {
            tokio::time::sleep(Duration::from_micros(u64::from(50 - n)))
        });
        drop(tx);
        let mut seen = Vec::new();
        while let Some(n) = rx.recv().await {
            seen.push(n);
        }
        assert_eq!(seen, (0..50).collect::<Vec<_>>());
    }

    #[tokio::test]
    async fn a_panicking_job_is_logged_and_the_lane_goes_on() {
        let lanes: Arc<Lanes<u32>> = Arc::default();
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        submit_sending(&lanes, 0..4, &tx, |n| async move { assert!(n != 1, "job {n} fails") });
        let seen: Vec<u32> = vec![rx.recv().await.unwrap(), rx.recv().await.unwrap()];
        assert_eq!(seen, [0, 2]);
        assert_eq!(rx.recv().await, Some(3));
        // The lane closed after its last job, so new work starts a task again.
        lanes.idle().await;
        submit_sending(&lanes, [7], &tx, |_| async {});
        assert_eq!(rx.recv().await, Some(7));
    }

    #[tokio::test]
    async fn idle_waits_for_running_and_queued_work() {
        let lanes: Arc<Lanes<u32>> = Arc::default();
        let done = Arc::new(std::sync::atomic::AtomicU32::new(0));
        for i in 0..3 {
            for key in ["a", "b"] {
                let done = done.clone();
                lanes.submit(key.into(), i, VecDeque::pop_front, move |_| {
                    let done = done.clone();
                    async move {
                        tokio::time::sleep(Duration::from_millis(20)).await;
                        done.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    }
                });
            }
        }
        assert_eq!(lanes.busy(), 2);
        lanes.idle().await;
        assert_eq!(done.load(std::sync::atomic::Ordering::SeqCst), 6);
        assert_eq!(lanes.busy(), 0);
    }

    #[tokio::test]
    async fn background_jobs_run_in_order_and_survive_a_panic() {
        let background = Background::new("test-background");
        let first = background.run(|| 1 + 1);
        assert_eq!(first.await, Some(2));
        let failed: Option<u32> = background.run(|| panic!("a replay fails")).await;
        assert_eq!(failed, None, "a panic is no answer");
        assert_eq!(background.run(|| "still here").await, Some("still here"));
        assert_eq!(background.pending(), 0);
    }
}
