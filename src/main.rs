//! The `pkbench` binary: argument parsing and dispatch only; the work is in the library.

use clap::{CommandFactory, Parser, Subcommand};
use pkbench::cli;
use std::process::ExitCode;

/// Timing suite for public-key and key-exchange cryptography.
///
/// Times Diffie-Hellman Offer and Reply ("Total = 2*Offer + Reply", the figure of the 1995
/// "Some timings" post) over binary curves (Oakley groups 3 and 4), mod-p groups and prime
/// curves, with every timed result checked outside the timed region.
#[derive(Debug, Parser)]
#[command(name = "pkbench", version, about, long_about = None, after_help = EXAMPLES)]
#[command(max_term_width = 80)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const EXAMPLES: &str = "Examples:
  pkbench dh --field gf2-155 --exp-bits 128     Oakley group 3, 128-bit secrets
  pkbench dh --field gf2-185 --no-table --json  Oakley group 4, no table, JSON
  pkbench offer --field gf2-155 --secret 1f     public value (x) of a secret
  pkbench groups                                every group and KEM pkbench knows
  pkbench impls                                 implementations, libraries found";

#[derive(Debug, Subcommand)]
enum Command {
    /// Time a Diffie-Hellman exchange: Offer, Reply and Total = 2*Offer + Reply.
    Dh(cli::dh::DhArgs),
    /// Does the time depend on the input? A two-class timing test (dudect) of DH Offer and
    /// Reply, a KEM's Decaps and the RSA private operation, per implementation, with Welch's t
    /// and a verdict per row.
    Leak(cli::leak::LeakArgs),
    /// Print the public value (Offer) for a secret, in hex.
    Offer(cli::kex_io::OfferArgs),
    /// Print the shared secret (Reply) for a secret and the peer's public value, in hex.
    Reply(cli::kex_io::ReplyArgs),
    /// One step of a KEM exchange (ML-KEM, X25519MLKEM768) on values in hex: keygen from
    /// the seeds d and z, encaps with the message m, decaps.
    Kem(cli::kem::KemArgs),
    /// Choose parameters: time every group × secret size × table choice briefly, sorted by
    /// Total = 2*Offer + Reply, with security estimates; names the cheapest that meets
    /// --min-security.
    Choose(cli::choose::ChooseArgs),
    /// Reproduce a published timing table with this machine's column and speedup
    /// (1995: the "Some timings" post; gnupg-2000: GnuPG's ciphers, K6/400 and Celeron/500).
    Repro(cli::repro::ReproArgs),
    /// Time a symmetric cipher by mode: MB/s, Mbit/s and cycles/byte from a bench-slope fit.
    Cipher(cli::cipher::CipherArgs),
    /// Time raw RSA (m^d mod n, no CRT, no padding): bytes/sec on 63-byte chunks and more.
    Rsa(cli::rsa::RsaArgs),
    /// Print input^exponent mod modulus in hex (RSAEP / RSASP1 without padding).
    RsaRaw(cli::rsa::RsaRawArgs),
    /// List every name --group takes: the groups and the KEMs, with aliases and sources.
    #[command(after_help = cli::groups::EXAMPLES)]
    Groups {
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Run the standard set (1995 rows, DH groups, RSA, DES, hashes) and save one record.
    Suite(cli::suite::SuiteArgs),
    /// Sweep groups and exponent sizes (modp-512 … modp-8192, full and 128-bit): growth of cost.
    Scale(cli::scale::ScaleArgs),
    /// Draw a saved record as SVG: cost vs modulus size (log-log, fitted exponent), Total vs security.
    Plot(cli::plot::PlotArgs),
    /// Show saved result records (text, Markdown, CSV or one HTML page): runs of one machine
    /// side by side with their ratios; records of several machines one column each.
    Report(cli::page::ReportArgs),
    /// Compare saved result records: NEW/BASE speed ratios ("1.34x"), noise as "~".
    Compare(cli::compare::CompareArgs),
    /// Measure this machine's between-run noise on a few operations and say what it means
    /// ("differences under 10 % cannot be told from noise here"); saved for later records.
    Noise(cli::noise::NoiseArgs),
    /// Time single DES: key setup (µs/key) or encryption throughput (MB/s), ECB or CBC.
    Des(cli::des::DesArgs),
    /// Time a hash function's throughput (MB/s): the functions of the registry
    /// (pkbench::hash::about).
    #[command(about = pkbench::hash::about())]
    Hash(cli::hash::HashArgs),
    /// List the implementations pkbench can run per operation (its own code or crate,
    /// OpenSSL, libgcrypt, GMP) and the system libraries found here, with versions.
    Impls(cli::impls::ImplsArgs),
    /// Print shell completions generated from these options (bash, zsh, fish, …).
    Completions(cli::manual::CompletionsArgs),
    /// Print the man page (roff) generated from these options.
    Man(cli::manual::ManArgs),
}

fn main() -> ExitCode {
    cli::survive_file_size_limit();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => match cli::usage::one_line(&e, &Cli::command(), std::env::args_os()) {
            Some(line) => {
                eprintln!("pkbench: error: {line}");
                return ExitCode::from(2);
            }
            None => e.exit(),
        },
    };
    let result = match &cli.command {
        Command::Dh(a) => cli::dh::run(a),
        Command::Leak(a) => cli::leak::run(a),
        Command::Offer(a) => cli::kex_io::run_offer(a),
        Command::Reply(a) => cli::kex_io::run_reply(a),
        Command::Kem(a) => cli::kem::run(a),
        Command::Compare(a) => cli::compare::run(a),
        Command::Noise(a) => cli::noise::run(a),
        Command::Choose(a) => cli::choose::run(a),
        Command::Rsa(a) => cli::rsa::run(a),
        Command::RsaRaw(a) => cli::rsa::run_raw(a),
        Command::Suite(a) => cli::suite::run(a),
        Command::Scale(a) => cli::scale::run(a),
        Command::Plot(a) => cli::plot::run(a),
        Command::Report(a) => cli::page::run(a),
        Command::Groups { json } => cli::groups::run(*json),
        Command::Cipher(a) => cli::cipher::run(a),
        Command::Des(a) => cli::des::run(a),
        Command::Hash(a) => cli::hash::run(a),
        Command::Impls(a) => cli::impls::run(a),
        Command::Repro(a) => cli::repro::run(a),
        Command::Completions(a) => cli::manual::completions(a, &mut Cli::command()),
        Command::Man(a) => cli::manual::man(a, Cli::command()),
    };
    match result {
        Ok(text) => match cli::output::print(&text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("pkbench: error: stdout: write failed: {e}; the output is cut short");
                ExitCode::from(1)
            }
        },
        Err(e) => {
            eprintln!("pkbench: error: {}", cli::errors::render(&e));
            ExitCode::from(e.exit_code() as u8)
        }
    }
}
