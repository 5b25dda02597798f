//! `grundy quotient RULESET --to N`: the misère quotient of a heap game's
//! sums of heaps up to N (Plambeck and Siegel): its order, P-portion, each
//! heap's element and the multiplication table. The engine is
//! `grundy::misere::quotient`; this module reads the arguments, draws the
//! progress and stops on Ctrl-C.

use std::sync::atomic::Ordering;

use grundy::answer::quotient::QuotientAnswer;
use grundy::misere::quotient::{Limits, Quotient};
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

/// The largest heap a quotient is computed to: every heap's options are
/// listed first, and the quotients of octal games met in practice stop
/// growing, or grow past their element limit, well before.
const MOST_HEAPS: u64 = 4096;

/// The multiplication table is printed as text up to this order (always in
/// JSON).
const TABLE_SHOWN: usize = 36;

pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let failure = Failure::about(&args.ruleset);
    let ruleset = grundy::ruleset(&args.ruleset).map_err(failure)?;
    let name = ruleset.name();
    let game = ruleset.heap_game().ok_or_else(|| {
        failure(Error::Parse {
            column: 1,
            message: format!("{name} is not a heap game, so it has no misère quotient of heaps"),
        })
    })?;
    if args.to > MOST_HEAPS {
        return Err(failure(Error::Limit(format!(
            "--to {}: a quotient is computed for heaps up to {MOST_HEAPS}",
            args.to
        ))));
    }
    let interrupted = machine::interrupted_flag();
    let bar = ProgressBar::new(args.to);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} heap {pos}/{len}, {msg}").expect("a valid template"),
    );
    let stop = || interrupted.load(Ordering::SeqCst);
    let quotient = Quotient::compute(
        game,
        args.to as usize,
        Limits::default(),
        &mut |p| {
            bar.set_position(p.heap as u64);
            bar.set_message(format!("{} elements so far", p.order));
            !stop()
        },
        &stop,
    );
    bar.finish_and_clear();
    let quotient = quotient.map_err(|error| match error {
        Error::Limit(_) if stop() => failure(Error::Limit("interrupted (Ctrl-C)".into())),
        error => failure(error),
    })?;
    match args.json {
        true => out.json(&QuotientAnswer::new(&name, &quotient)),
        false => out.text(&text(&name, &quotient)),
    }
}

/// The quotient as text.
fn text(name: &str, q: &Quotient) -> String {
    let mut text = format!("ruleset:   {name}\nheaps:     1 to {}\n", q.to());
    text.push_str(&format!("order:     {}\n", q.order()));
    let p: Vec<String> = q.p_portion().iter().map(|&x| q.name(x)).collect();
    text.push_str(&format!(
        "P-portion: {} elements: {}\n",
        p.len(),
        p.join(", ")
    ));
    text.push_str(
        "elements are named by a sum of fewest heaps with that element (0: the empty sum)\n",
    );
    text.push_str("\nheap  element\n");
    for h in 1..=q.to() {
        let x = q.heap_image(h);
        let p = if q.is_p(x) { "  (P)" } else { "" };
        text.push_str(&format!("{h:>4}  {}{p}\n", q.name(x)));
    }
    if q.order() > TABLE_SHOWN {
        text.push_str(&format!(
            "\nmultiplication table: {} x {} (see --json)\n",
            q.order(),
            q.order()
        ));
        return text;
    }
    let names: Vec<String> = (0..q.order() as u32).map(|x| q.name(x)).collect();
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(1);
    text.push_str("\nmultiplication table:\n");
    text.push_str(&format!("{:>width$} |", ""));
    for n in &names {
        text.push_str(&format!(" {n:>width$}"));
    }
    text.push('\n');
    for a in 0..q.order() as u32 {
        text.push_str(&format!("{:>width$} |", names[a as usize]));
        for b in 0..q.order() as u32 {
            text.push_str(&format!(" {:>width$}", names[q.mul(a, b) as usize]));
        }
        text.push('\n');
    }
    text
}
