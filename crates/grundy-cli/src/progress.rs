//! The progress of a long computation on stderr, and what stops it: Ctrl-C,
//! or the memory left running low. The library reports its progress
//! (`grundy::answer::Progress`) to a callback; this is the command line's.

use std::sync::atomic::Ordering;
use std::time::Instant;

use grundy::answer::{OnProgress, Progress};
use grundy::memory::Size;
use grundy::retrograde::{Options, Phase};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::machine::{self, MemoryLimit};

/// Runs `run` with a callback that draws its progress as a spinner on
/// stderr (where it is a terminal, or always with `forced`; from the first
/// report on, so that a quick answer draws nothing) and stops it on Ctrl-C.
///
/// `available` is the memory there was when the question came, of which the
/// computation was given its budget. The solver checks its own estimate of
/// what it holds against the budget; at each report the memory actually
/// left is read too, and the computation stops before it runs out (an
/// estimate cannot see how the allocator fragments, which doubled what
/// positions of long texts took).
pub fn watched<T>(
    forced: bool,
    available: &MemoryLimit,
    run: impl FnOnce(OnProgress) -> grundy::Result<T>,
) -> grundy::Result<T> {
    let reserve = available.bytes / 8;
    let interrupted = machine::interrupted_flag();
    let started = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    let mut ran_low = None;
    let answer = run(&mut |progress| {
        let bar = bar.get_or_insert_with(|| spinner(forced, started));
        match progress {
            // Said once, above the spinner.
            Progress::Planned { .. } => bar.println(message(progress)),
            _ => bar.set_message(message(progress)),
        }
        bar.tick();
        let left = MemoryLimit::now();
        if left.bytes < reserve {
            ran_low = Some(left);
            return false;
        }
        !interrupted.load(Ordering::SeqCst)
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    match (answer, ran_low) {
        (Err(error), Some(left)) => {
            let mut message = format!(
                "the solve stopped with {} left of {}, less than an eighth of the {} there \
                 were when it started (its memory budget was {})",
                Size(left.bytes),
                left.source,
                Size(available.bytes),
                Size(Options::for_available_memory(Some(available.bytes)).memory)
            );
            // What the computation said as it stopped: a limit it met
            // before (an outcome search past the budget, then valued).
            if let grundy::Error::Limit(said) = error {
                message = format!("{message}; it said: {said}");
            }
            Err(grundy::Error::Limit(message))
        }
        (answer, _) => answer,
    }
}

/// A spinner that has run since `started`.
fn spinner(forced: bool, started: Instant) -> ProgressBar {
    let bar = ProgressBar::new_spinner().with_elapsed(started.elapsed());
    if forced {
        let stderr = Box::new(console::Term::stderr());
        bar.set_draw_target(ProgressDrawTarget::term_like_with_hz(stderr, 20));
    }
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} ({elapsed})").expect("a valid template"),
    );
    // Turned by each report (the computations of values are asked every
    // 50 ms, `grundy::interrupt`), not by a thread of its own: a thread
    // started late, when a search has filled the memory it may take,
    // would find no room for its stack.
    bar
}

/// A quotient's order so far, and the trial quotients made for the heap
/// being added, where there are any.
pub fn quotient_message(order: usize, trials: usize, trial_order: usize) -> String {
    match trials {
        0 => format!("{order} elements so far"),
        _ => format!("{order} elements so far; trial quotient {trials}, of {trial_order} elements"),
    }
}

fn message(progress: Progress) -> String {
    match progress {
        Progress::Solving(p) => {
            let phase = match p.phase {
                Phase::Generating => "generating",
                Phase::Propagating => "solving",
                Phase::Searching => "searching",
            };
            format!("{phase}: {} of {} positions", p.done, p.reached)
        }
        Progress::Valuing { positions } => format!("valuing: {positions} positions"),
        Progress::Searching { positions } => format!("searching: {positions} positions"),
        Progress::Sequence(p) => format!("{} heaps", p.heaps),
        Progress::Quotient {
            heap,
            order,
            trials,
            trial_order,
        } => format!(
            "heap {heap}: {}",
            quotient_message(order, trials, trial_order)
        ),
        Progress::Planned {
            memory,
            budget,
            disk,
            tiers,
        } => format!(
            "{tiers} tiers: reaching them takes about {} MiB of memory (budget {}) and {} MiB \
             of disk; solving them, besides, a cell a position reached",
            memory.div_ceil(1 << 20),
            Size(budget),
            disk.div_ceil(1 << 20)
        ),
        Progress::Tier(p) => format!(
            "{} tier {} of tiers 0 to {}: {} of {} ranks",
            p.pass.verb(),
            p.tier,
            p.tiers.saturating_sub(1),
            p.done,
            p.size
        ),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where the memory left is below an eighth of what there was, the
    /// watch stops the computation at its next report, and the error says
    /// so while keeping the limit the computation met as it stopped (an
    /// outcome search past the budget, then valued). A question that came
    /// with more memory than this process will ever have stands for one
    /// whose memory ran low.
    #[test]
    fn memory_running_low_keeps_what_the_computation_said() {
        let available = MemoryLimit {
            bytes: u64::MAX / 2,
            source: "a test",
        };
        let mut went_on = None;
        let answer: grundy::Result<()> = watched(false, &available, |report| {
            went_on = Some(report(Progress::Searching { positions: 1 }));
            Err(grundy::Error::Limit(
                "a search of the sum was interrupted; valued instead, the values need more".into(),
            ))
        });
        assert_eq!(went_on, Some(false), "the report is told to stop");
        let Err(grundy::Error::Limit(message)) = answer else {
            panic!("a limit error: {answer:?}");
        };
        assert!(message.starts_with("the solve stopped with"), "{message}");
        assert!(
            message.ends_with(
                "; it said: a search of the sum was interrupted; valued instead, the values need more"
            ),
            "{message}"
        );
    }

    /// With memory to spare, the computation's own answer passes through.
    #[test]
    fn an_error_with_memory_to_spare_is_the_computation_s() {
        let available = MemoryLimit {
            bytes: 0,
            source: "a test",
        };
        let mut went_on = None;
        let answer: grundy::Result<()> = watched(false, &available, |report| {
            went_on = Some(report(Progress::Searching { positions: 1 }));
            Err(grundy::Error::Limit("the values need more".into()))
        });
        assert_eq!(went_on, Some(true));
        assert!(
            matches!(answer, Err(grundy::Error::Limit(ref m)) if m == "the values need more"),
            "{answer:?}"
        );
    }
}
