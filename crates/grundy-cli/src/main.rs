//! The `grundy` command line: a thin layer over the engine library. Each
//! subcommand is one module with its `Args` and `run`.

mod analyze;
mod report;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// Who wins a combinatorial game, the Sprague-Grundy value of each position,
/// and every winning move.
#[derive(Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Analyze(analyze::Args),
}

fn main() -> ExitCode {
    let command = Cli::command()
        .after_help(report::expression_help())
        .mut_subcommand("analyze", |c| c.after_help(report::expression_help()));
    let cli = match Cli::from_arg_matches(&command.get_matches()) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let result = match cli.command {
        Command::Analyze(args) => analyze::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => failure.report(),
    }
}
