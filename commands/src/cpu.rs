//! CPU-heavy work (a machine's search, drawing a board) runs off the async
//! runtime, on tokio's blocking threads, a bounded number at a time: on a
//! small machine one player's thinking must not hold up every other
//! conversation, the Discord gateway or Matrix sync. `bot.cpu(|| work)`
//! waits for a permit, runs the work on a thread of its own and gives its
//! result back; a panic inside the work becomes a refusal, never a crash.
//!
//! Two lanes, each with one permit per CPU: searches (`bot.think`, work of
//! up to seconds) and quick work (`bot.cpu`: pictures, tens of
//! milliseconds, on tokio's blocking threads). A picture never queues
//! behind twenty searches. A search runs on a thread of its own whose
//! priority is lowered (nice 10) for its life, so the operating system
//! gives the cores to the runtime, the pictures and the database first and
//! searches take what is left: a busy machine makes machines slower to
//! answer, never weaker (their budget is in iterations) and never makes
//! anyone else wait. Its own thread, not one of tokio's shared blocking
//! threads, because a thread cannot take its priority back unprivileged.

use std::sync::Arc;

use tokio::sync::Semaphore;

/// The permits for CPU work: how many pieces of it may run at once.
pub(crate) struct Cpu {
    permits: Arc<Semaphore>,
    size: usize,
}

/// The bot's two lanes of CPU work.
pub(crate) struct Lanes {
    /// Searches: long work.
    pub(crate) think: Cpu,
    /// Pictures and other quick work.
    pub(crate) quick: Cpu,
}

impl Lanes {
    pub(crate) fn new(size: usize) -> Lanes {
        Lanes {
            think: Cpu::new(size),
            quick: Cpu::new(size),
        }
    }

    /// One piece of work per lane and CPU of this machine.
    pub(crate) fn per_cpu() -> Lanes {
        Lanes::new(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }
}

impl Cpu {
    /// At most `size` (at least 1) pieces of work at once.
    pub(crate) fn new(size: usize) -> Cpu {
        let size = size.max(1);
        Cpu {
            permits: Arc::new(Semaphore::new(size)),
            size,
        }
    }

    /// A permit of this lane, once one is free.
    async fn permit(&self) -> Result<tokio::sync::OwnedSemaphorePermit, String> {
        self.permits
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| "The bot is shutting down; please try again in a moment.".to_string())
    }

    pub(crate) fn size(&self) -> usize {
        self.size
    }

    /// Runs `work` on a new thread of lower priority once a permit is
    /// free (the lane of searches).
    pub(crate) async fn run_low<T, F>(&self, work: F) -> Result<T, String>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let permit = self.permit().await?;
        let (tx, rx) = tokio::sync::oneshot::channel();
        let spawned = std::thread::Builder::new()
            .name("redscience-search".into())
            .spawn(move || {
                let _permit = permit;
                lower_priority();
                let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
                let _ = tx.send(done);
            });
        if let Err(e) = spawned {
            return Err(format!(
                "Something went wrong on our side while thinking (no thread: {e}); nothing was changed. Please try again."
            ));
        }
        match rx.await {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(payload)) => Err(failed(payload)),
            Err(_) => Err(failed(Box::new("the work was cancelled"))),
        }
    }

    /// Runs `work` on a blocking thread once a permit is free. The permit
    /// goes with the work, so it is held until the work ends even when
    /// the caller stops waiting.
    pub(crate) async fn run<T, F>(&self, work: F) -> Result<T, String>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let permit = self.permit().await?;
        let job = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        });
        job.await.map_err(|e| {
            if e.is_panic() {
                failed(e.into_panic())
            } else {
                failed(Box::new("the work was cancelled"))
            }
        })
    }
}

/// The refusal for work that panicked (or was cancelled).
fn failed(payload: Box<dyn std::any::Any + Send>) -> String {
    let why = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string());
    format!(
        "Something went wrong on our side while thinking ({why}); nothing was changed. Please try again."
    )
}

/// Lowers the calling thread's priority (Linux keeps one per thread); a
/// failure leaves it as it was.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only reads its arguments; `who` 0 is the calling thread.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 10);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn at_most_the_limit_runs_at_once() {
        let cpu = Arc::new(Cpu::new(2));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let mut jobs = Vec::new();
        for _ in 0..8 {
            let (cpu, running, most) = (cpu.clone(), running.clone(), most.clone());
            jobs.push(tokio::spawn(async move {
                cpu.run(move || {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(20));
                    running.fetch_sub(1, Ordering::SeqCst);
                })
                .await
            }));
        }
        for job in jobs {
            job.await.unwrap().unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn a_panic_becomes_a_refusal_and_frees_its_permit() {
        let cpu = Cpu::new(1);
        let said = cpu
            .run(|| -> u32 { panic!("no legal move") })
            .await
            .unwrap_err();
        assert!(said.contains("no legal move"), "{said}");
        assert!(said.contains("nothing was changed"), "{said}");
        assert_eq!(cpu.run(|| 7).await, Ok(7));
        let said = cpu
            .run_low(|| -> u32 { panic!("deep in the tree") })
            .await
            .unwrap_err();
        assert!(said.contains("deep in the tree"), "{said}");
        assert_eq!(cpu.run_low(|| 8).await, Ok(8));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_runtime_answers_while_work_runs() {
        let cpu = Arc::new(Cpu::new(1));
        let busy = {
            let cpu = cpu.clone();
            tokio::spawn(async move {
                cpu.run(|| std::thread::sleep(Duration::from_millis(300)))
                    .await
            })
        };
        tokio::time::sleep(Duration::from_millis(20)).await;
        let started = std::time::Instant::now();
        tokio::time::sleep(Duration::from_millis(10)).await;
        assert!(started.elapsed() < Duration::from_millis(200));
        busy.await.unwrap().unwrap();
        assert_eq!(Cpu::new(0).size(), 1);
    }
}
