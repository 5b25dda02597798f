//! `grundy quotient RULESET --to N`: the misère quotient of a heap game's
//! sums of heaps up to N (Plambeck and Siegel): its order, P-portion, each
//! heap's element and the multiplication table. The library's front door
//! is `grundy::answer::quotient`; this module reads the arguments, draws
//! the progress, stops on Ctrl-C and writes the answer as text.

use std::sync::atomic::Ordering;

use grundy::answer::quotient::QuotientAnswer;
use grundy::answer::Progress;
use grundy::Error;
use indicatif::{ProgressBar, ProgressStyle};

use crate::machine;
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

    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

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
    let answer = grundy::answer::quotient::quotient(&args.ruleset, args.to, &mut |p| {
        if let Progress::Quotient { heap, order } = p {
            bar.set_position(heap as u64);
            bar.set_message(format!("{order} elements so far"));
        }
        !stop()
    });
    bar.finish_and_clear();
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
    text.push_str(
        "elements are named by a sum of fewest heaps with that element (0: the empty sum)\n",
    );
    text.push_str("\nheap  element\n");
    for (h, &x) in q.heaps.iter().enumerate() {
        let p = if is_p(x) { "  (P)" } else { "" };
        text.push_str(&format!("{:>4}  {}{p}\n", h + 1, q.name(x)));
    }
    if q.order > TABLE_SHOWN {
        text.push_str(&format!(
            "\nmultiplication table: {} x {} (see --json)\n",
            q.order, q.order
        ));
        return text;
    }
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
            let product = q.table[a as usize][b as usize];
            text.push_str(&format!(" {:>width$}", names[product as usize]));
        }
        text.push('\n');
    }
    text
}
