//! `grundy quotient RULESET --to N`: the misère quotient of a heap game's
//! sums of heaps up to N (Plambeck and Siegel): its order, P-portion, each
//! heap's element and the multiplication table. The library's front door
//! is `grundy::answer::quotient`; this module reads the arguments, draws
//! the progress and the trace of trials, stops on Ctrl-C, reads and writes
//! the checkpoint file and writes the answer as text.

use std::cell::RefCell;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use grundy::answer::quotient::{Checkpointing, QuotientAnswer};
use grundy::answer::Progress;
use grundy::misere::quotient::{generator_name, TrialRecord};
use grundy::Error;
use indicatif::{ProgressBar, ProgressStyle};

use crate::machine;
use crate::progress::quotient_message;
use crate::report::{Failure, Output};

/// The misère quotient of a heap game's sums of heaps up to N.
#[derive(clap::Args)]
pub struct Args {
    /// The heap game, e.g. 'octal(0.07)' (Dawson's Kayles), 'kayles'.
    #[arg(value_name = "RULESET")]
    ruleset: String,

    /// The largest heap of the sums (at least 1).
    #[arg(long, value_name = "N", required = true,
          value_parser = clap::value_parser!(u64).range(1..))]
    to: u64,

    /// Stop at the first heap (at most N) where the periodicity theorem
    /// proves the quotient for every heap.
    #[arg(long)]
    until_proven: bool,

    /// Save the construction's state to FILE every minute and when it
    /// stops (Ctrl-C, a limit) or ends, and resume from FILE where it
    /// exists: a run of hours goes on where it stopped.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,

    /// Write each trial quotient made for a heap to standard error once it
    /// is judged: its new cyclic generators, its elements before and after
    /// reduction, and the least sum it predicts wrongly, or that it is
    /// accepted (what a long heap is doing).
    #[arg(long)]
    trace: bool,

    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// How often a checkpoint is saved during a run.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(60);

/// The multiplication table is printed as text up to this order (always in
/// JSON).
const TABLE_SHOWN: usize = 36;

pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let failure = Failure::about(&args.ruleset);
    let interrupted = machine::interrupted_flag();
    let bar = ProgressBar::new(args.to);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} heap {pos}/{len}, {msg}").expect("a valid template"),
    );
    let stop = || interrupted.load(Ordering::SeqCst);
    let resume = match args.checkpoint.as_deref().filter(|p| p.exists()) {
        Some(path) => Some(
            grundy::file::read_at_most(
                &path.display().to_string(),
                grundy::memory::budget(),
                "checkpoint",
            )
            .map_err(&failure)?,
        ),
        None => None,
    };
    let mut last_save = Instant::now();
    let mut due = || {
        let due = last_save.elapsed() >= CHECKPOINT_EVERY;
        if due {
            last_save = Instant::now();
        }
        due
    };
    let mut write = |bytes: &[u8]| match &args.checkpoint {
        Some(path) => grundy::file::write_bytes(path, bytes),
        None => Ok(()),
    };
    let checkpoint = args.checkpoint.as_ref().map(|path| Checkpointing {
        name: path.display().to_string(),
        resume,
        due: &mut due,
        write: &mut write,
    });
    // A trace that cannot be written (its reader gone: `2>&1 | head`)
    // stops the run, which then ends as a closed pipe ends any answer.
    let trace_failed: RefCell<Option<io::Error>> = RefCell::new(None);
    let mut trace = |trial: &TrialRecord| {
        if trace_failed.borrow().is_none() {
            let written = bar.suspend(|| writeln!(io::stderr(), "{trial}"));
            *trace_failed.borrow_mut() = written.err();
        }
    };
    let answer = grundy::answer::quotient::quotient(
        &args.ruleset,
        args.to,
        args.until_proven,
        checkpoint,
        match args.trace {
            true => Some(&mut trace),
            false => None,
        },
        &mut |p| {
            if let Progress::Quotient {
                heap,
                order,
                trials,
                trial_order,
            } = p
            {
                bar.set_position(heap as u64);
                bar.set_message(quotient_message(order, trials, trial_order));
            }
            !stop() && trace_failed.borrow().is_none()
        },
    );
    bar.finish_and_clear();
    if let Some(error) = trace_failed.take() {
        return Err(Failure::Output(error));
    }
    let answer = answer.map_err(|error| match error {
        Error::Limit(_) if stop() => failure(Error::Limit("interrupted (Ctrl-C)".into())),
        error => failure(error),
    })?;
    match args.json {
        true => out.json(&answer),
        false => out.text(&text(&answer)),
    }
}

/// The quotient as text.
fn text(q: &QuotientAnswer) -> String {
    let order = q.order as u32;
    let is_p = |x: u32| q.p_portion.contains(&x);
    let mut text = format!("ruleset:   {}\nheaps:     1 to {}\n", q.ruleset, q.to);
    text.push_str(&format!("order:     {}\n", q.order));
    let p: Vec<String> = q.p_portion.iter().map(|&x| q.name(x)).collect();
    text.push_str(&format!(
        "P-portion: {} elements: {}\n",
        p.len(),
        p.join(", ")
    ));
    text.push_str(&format!("status:    {}\n", q.status));
    let generators: Vec<String> = (q.generators.iter().enumerate())
        .map(|(i, h)| format!("{} = heap {h}", generator_name(i)))
        .collect();
    let names: Vec<String> = (0..q.generators.len()).map(generator_name).collect();
    text.push_str(&format!(
        "presentation: <{} | {}>\n  where {}\n",
        names.join(", "),
        q.relations.join(", "),
        generators.join(", ")
    ));
    text.push_str(
        "elements are named by a sum of fewest heaps with that element (0: the empty sum)\n",
    );
    text.push_str("\nheap  element  word\n");
    for (h, &x) in q.heaps.iter().enumerate() {
        let p = if is_p(x) { "  (P)" } else { "" };
        let name = q.name(x);
        let word = &q.words[x as usize];
        text.push_str(&format!("{:>4}  {name:<7}  {word}{p}\n", h + 1));
    }
    let table = match &q.table {
        Some(table) if q.order <= TABLE_SHOWN => table,
        _ => {
            let json = match q.table {
                Some(_) => "see --json",
                None => "defined by the presentation",
            };
            text.push_str(&format!(
                "\nmultiplication table: {} x {} ({json})\n",
                q.order, q.order
            ));
            return text;
        }
    };
    let names: Vec<String> = (0..order).map(|x| q.name(x)).collect();
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(1);
    text.push_str("\nmultiplication table:\n");
    text.push_str(&format!("{:>width$} |", ""));
    for n in &names {
        text.push_str(&format!(" {n:>width$}"));
    }
    text.push('\n');
    for a in 0..order {
        text.push_str(&format!("{:>width$} |", names[a as usize]));
        for b in 0..order {
            let product = table[a as usize][b as usize];
            text.push_str(&format!(" {:>width$}", names[product as usize]));
        }
        text.push('\n');
    }
    text
}
