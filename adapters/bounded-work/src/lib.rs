//! Fixed worker threads with a bounded queue, for work that costs much CPU or memory per
//! request (password hashing, PDF rendering).
//!
//! A [`BoundedPool`] runs at most `workers` jobs at once, each on a thread of its own that
//! keeps a piece of state between jobs (e.g. argon2's 19 MiB block buffer, allocated once), and
//! lets at most `queue` more jobs wait. A job beyond that is refused at once with
//! [`PoolError::Saturated`] instead of queueing without limit: the caller answers "busy, try
//! again" and nothing else in the server waits behind it. Unlike tokio's blocking pool (which
//! grows to 512 threads, each allocating its own buffers), the memory such work can hold is
//! `workers × its state` plus what one job allocates, whatever the load.

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::oneshot;

/// How much work a pool takes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Jobs that run at once (one thread each); at least 1.
    pub workers: usize,
    /// Jobs that may wait for a worker; more are refused.
    pub queue: usize,
}

impl Limits {
    /// `workers` threads (at least 1) and a queue four times as long.
    pub fn with_workers(workers: usize) -> Self {
        let workers = workers.max(1);
        Self { workers, queue: 4 * workers }
    }

    /// One worker per core the process may use.
    pub fn per_core() -> Self {
        Self::with_workers(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }
}

/// Why a job did not produce its answer.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PoolError {
    /// Every worker is busy and the queue is full: try again later.
    #[error("every worker is busy and the queue is full")]
    Saturated,
    /// The job panicked (the worker survives and takes the next job).
    #[error("the job panicked")]
    Panicked,
}

type Job<S> = Box<dyn FnOnce(&mut S) + Send>;

/// Fixed worker threads, each with its own state `S`, behind a bounded queue.
pub struct BoundedPool<S> {
    jobs: SyncSender<Job<S>>,
    limits: Limits,
    counts: Arc<Counts>,
}

/// Jobs accepted and not yet finished, and of those the ones no worker has taken yet.
#[derive(Default)]
struct Counts {
    admitted: AtomicUsize,
    waiting: AtomicUsize,
}

impl<S: 'static> BoundedPool<S> {
    /// Starts `limits.workers` threads named `name-N`. Each makes its state with `init` on its
    /// first job and keeps it for its lifetime. The threads end when the pool is dropped.
    pub fn start<F>(name: &str, limits: Limits, init: F) -> std::io::Result<Self>
    where
        F: Fn() -> S + Send + Sync + 'static,
    {
        Self::spawn(name, limits, None, init)
    }

    /// Like [`start`](Self::start), but a worker that has had no job for `idle` drops its state
    /// and gives the memory back to the system; its next job makes the state anew.
    pub fn start_releasing<F>(name: &str, limits: Limits, idle: Duration, init: F) -> std::io::Result<Self>
    where
        F: Fn() -> S + Send + Sync + 'static,
    {
        Self::spawn(name, limits, Some(idle), init)
    }

    fn spawn<F>(name: &str, limits: Limits, idle: Option<Duration>, init: F) -> std::io::Result<Self>
    where
        F: Fn() -> S + Send + Sync + 'static,
    {
        let limits = Limits { workers: limits.workers.max(1), queue: limits.queue };
        // Admission is counted (see `run`), so the channel never holds more than this.
        let (jobs, receiver) = sync_channel::<Job<S>>(limits.workers + limits.queue);
        let receiver = Arc::new(Mutex::new(receiver));
        let init = Arc::new(init);
        let counts = Arc::new(Counts::default());
        for n in 0..limits.workers {
            let receiver = receiver.clone();
            let init = init.clone();
            let counts = counts.clone();
            std::thread::Builder::new()
                .name(format!("{name}-{n}"))
                .spawn(move || work(&receiver, &*init, &counts, idle))?;
        }
        Ok(Self { jobs, limits, counts })
    }

    /// Jobs accepted but not yet taken by a worker.
    pub fn waiting(&self) -> usize {
        self.counts.waiting.load(Ordering::SeqCst)
    }

    /// Whether every worker is busy and the queue is full right now, so a job would be refused:
    /// a cheap hint that lets a caller refuse early, before the work that leads up to the job
    /// (a database read).
    pub fn is_saturated(&self) -> bool {
        self.counts.admitted.load(Ordering::SeqCst) >= self.capacity()
    }

    fn capacity(&self) -> usize {
        self.limits.workers + self.limits.queue
    }

    /// Runs `job` on a worker with that worker's state and awaits its answer, or refuses it at
    /// once when the queue is full.
    pub async fn run<R, F>(&self, job: F) -> Result<R, PoolError>
    where
        R: Send + 'static,
        F: FnOnce(&mut S) -> R + Send + 'static,
    {
        let (answer, answered) = oneshot::channel();
        let counts = self.counts.clone();
        let boxed: Job<S> = Box::new(move |state: &mut S| {
            let result = job(state);
            // Free the place before answering, so a caller that asks again at once is admitted.
            counts.admitted.fetch_sub(1, Ordering::SeqCst);
            let _ = answer.send(result);
        });
        if self.counts.admitted.fetch_add(1, Ordering::SeqCst) >= self.capacity() {
            self.counts.admitted.fetch_sub(1, Ordering::SeqCst);
            return Err(PoolError::Saturated);
        }
        self.counts.waiting.fetch_add(1, Ordering::SeqCst);
        if let Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) = self.jobs.try_send(boxed) {
            // Not reached while admission is counted; refuse rather than block if it ever is.
            self.counts.waiting.fetch_sub(1, Ordering::SeqCst);
            self.counts.admitted.fetch_sub(1, Ordering::SeqCst);
            return Err(PoolError::Saturated);
        }
        // The sender is dropped without an answer only when the job panicked.
        answered.await.map_err(|_| PoolError::Panicked)
    }
}

fn work<S>(receiver: &Mutex<Receiver<Job<S>>>, init: &dyn Fn() -> S, counts: &Counts, idle: Option<Duration>) {
    run_in_background();
    let mut state: Option<S> = None;
    loop {
        // Holding the lock while waiting is fine: only one idle worker needs to wait on the
        // channel; the others wait for the lock and take the next job after it.
        let job = match receiver.lock() {
            Ok(receiver) => match idle.filter(|_| state.is_some()) {
                Some(idle) => receiver.recv_timeout(idle).map_err(|e| e == RecvTimeoutError::Timeout),
                None => receiver.recv().map_err(|_| false),
            },
            Err(_) => return,
        };
        let job = match job {
            Ok(job) => job,
            Err(true) => {
                // Idle for long enough: give the state's memory back until the next job.
                state = None;
                give_back_freed_memory();
                continue;
            }
            Err(false) => return,
        };
        counts.waiting.fetch_sub(1, Ordering::SeqCst);
        let state = state.get_or_insert_with(init);
        if std::panic::catch_unwind(AssertUnwindSafe(|| job(state))).is_err() {
            // The job did not reach its own release of its place.
            counts.admitted.fetch_sub(1, Ordering::SeqCst);
            tracing::error!(thread = ?std::thread::current().name(), "a pooled job panicked");
        }
    }
}

/// Hands memory that has been freed back to the operating system. glibc's malloc keeps what a
/// thread freed in that thread's arena and trims it rarely, so after a job that built a large
/// transient structure (a PDF's object tree) the process stays that much bigger for good; call
/// this at the end of such a job. A no-op with other allocators.
pub fn give_back_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks and trims the allocator's own free lists.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Lowers this thread's scheduling priority (nice 10 on Linux): pooled work takes the cores
/// only when request handling, the database and everything else leave them free, so a flood
/// of sign-ins saturates the hashing threads without slowing the other pages.
fn run_in_background() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: gettid has no preconditions; setpriority on our own thread id changes only it.
        let result = unsafe { libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, 10) };
        if result != 0 {
            tracing::debug!(error = %std::io::Error::last_os_error(), "could not lower a worker's priority");
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;
    use std::sync::Barrier;

    use super::*;

    /// Counts jobs running at once and remembers the most seen.
    #[derive(Default)]
    struct Concurrency {
        now: AtomicUsize,
        most: AtomicUsize,
    }

    impl Concurrency {
        fn slow_job(self: &Arc<Self>, millis: u64) -> impl FnOnce(&mut ()) + Send + 'static {
            let me = self.clone();
            move |_| {
                let now = me.now.fetch_add(1, Ordering::SeqCst) + 1;
                me.most.fetch_max(now, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(millis));
                me.now.fetch_sub(1, Ordering::SeqCst);
            }
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn never_runs_more_jobs_at_once_than_it_has_workers() {
        let pool = Arc::new(BoundedPool::start("t", Limits { workers: 3, queue: 100 }, || ()).unwrap());
        let seen = Arc::new(Concurrency::default());
        let jobs: Vec<_> = (0..30)
            .map(|_| {
                let (pool, seen) = (pool.clone(), seen.clone());
                tokio::spawn(async move { pool.run(seen.slow_job(10)).await })
            })
            .collect();
        for job in jobs {
            job.await.unwrap().unwrap();
        }
        assert_eq!(seen.most.load(Ordering::SeqCst), 3, "three workers, all used, never more");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_beyond_the_queue_is_refused_at_once_and_the_rest_still_run() {
        let pool = Arc::new(BoundedPool::start("t", Limits { workers: 1, queue: 2 }, || ()).unwrap());
        // Hold the only worker until the queue has been filled and overfilled.
        let gate = Arc::new(Barrier::new(2));
        let started = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let held = {
            let (pool, gate, started) = (pool.clone(), gate.clone(), started.clone());
            tokio::spawn(async move {
                pool.run(move |_| {
                    started.store(true, Ordering::SeqCst);
                    gate.wait();
                })
                .await
            })
        };
        while !started.load(Ordering::SeqCst) {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        let queued: Vec<_> = (0..2)
            .map(|i| {
                let pool = pool.clone();
                tokio::spawn(async move { pool.run(move |_| i).await })
            })
            .collect();
        while pool.waiting() < 2 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        assert!(pool.is_saturated());
        let asked = std::time::Instant::now();
        assert_eq!(pool.run(|_| ()).await, Err(PoolError::Saturated));
        assert!(asked.elapsed() < Duration::from_millis(50), "refused without waiting");

        gate.wait();
        held.await.unwrap().unwrap();
        let answers: Vec<i32> = join_all(queued).await.into_iter().map(|r| r.unwrap()).collect();
        assert_eq!(answers, vec![0, 1]);
        assert!(!pool.is_saturated());
        assert_eq!(pool.run(|_| 7).await, Ok(7), "accepts work again once the queue drains");
    }

    #[tokio::test]
    async fn one_after_another_a_pool_without_a_queue_takes_every_job() {
        let pool = BoundedPool::start("t", Limits { workers: 1, queue: 0 }, || ()).unwrap();
        for i in 0..50 {
            assert_eq!(pool.run(move |_| i).await, Ok(i), "job {i}");
        }
    }

    #[tokio::test]
    async fn each_worker_makes_its_state_once_and_keeps_it() {
        let made = Arc::new(AtomicUsize::new(0));
        let counter = made.clone();
        let pool = BoundedPool::start("t", Limits { workers: 1, queue: 4 }, move || {
            counter.fetch_add(1, Ordering::SeqCst);
            Vec::<u8>::with_capacity(1024)
        })
        .unwrap();
        assert_eq!(made.load(Ordering::SeqCst), 0, "state is made on the first job, not before");
        for _ in 0..5 {
            pool.run(|buffer: &mut Vec<u8>| buffer.push(1)).await.unwrap();
        }
        assert_eq!(pool.run(|buffer: &mut Vec<u8>| buffer.len()).await, Ok(5));
        assert_eq!(made.load(Ordering::SeqCst), 1);
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn workers_run_at_a_lower_priority_than_the_caller() {
        let pool = BoundedPool::start("t", Limits::with_workers(1), || ()).unwrap();
        // SAFETY: getpriority on the calling thread (0) or a thread id has no preconditions.
        let mine = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
        let theirs = pool.run(|_| unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t) });
        assert_eq!(theirs.await.unwrap(), (mine + 10).min(19));
    }

    #[tokio::test]
    async fn a_releasing_pool_drops_idle_state_and_makes_it_anew_for_the_next_job() {
        let made = Arc::new(AtomicUsize::new(0));
        let counter = made.clone();
        let limits = Limits { workers: 1, queue: 4 };
        let pool = BoundedPool::start_releasing("t", limits, Duration::from_millis(50), move || {
            counter.fetch_add(1, Ordering::SeqCst);
            vec![0u8; 1024]
        })
        .unwrap();
        pool.run(|_: &mut Vec<u8>| ()).await.unwrap();
        pool.run(|_: &mut Vec<u8>| ()).await.unwrap();
        assert_eq!(made.load(Ordering::SeqCst), 1, "kept while busy");
        tokio::time::sleep(Duration::from_millis(200)).await;
        pool.run(|_: &mut Vec<u8>| ()).await.unwrap();
        assert_eq!(made.load(Ordering::SeqCst), 2, "dropped when idle, made again");
    }

    #[tokio::test]
    async fn a_panicking_job_is_an_error_and_the_worker_lives_on() {
        let pool = BoundedPool::start("t", Limits { workers: 1, queue: 1 }, || ()).unwrap();
        assert_eq!(pool.run(|_| -> i32 { panic!("boom") }).await, Err(PoolError::Panicked));
        assert_eq!(pool.run(|_| 2).await, Ok(2));
    }

    async fn join_all<T>(handles: Vec<tokio::task::JoinHandle<T>>) -> Vec<T> {
        let mut out = Vec::new();
        for handle in handles {
            out.push(handle.await.unwrap());
        }
        out
    }
}
