//! `pkbench report`: saved result records side by side, as text on stdout (the default),
//! Markdown, CSV, or one self-contained HTML page (see [`crate::report::html`]): the
//! machines and builds, every table the records' commands print, their plots and, for
//! records from several machines, every operation by machine; runs of one machine side by
//! side with their ratio ([`crate::report::compare::runs`]).

use crate::error::{Error, Result};
use crate::record::{self, ResultRecord};
use crate::report::{doc, html, page};
use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};

/// What `pkbench report` writes (`--format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// The terminal tables (the default on stdout)
    Text,
    /// GitHub-flavoured Markdown tables
    Markdown,
    /// Comma-separated values, a line per cell with its value in SI units
    Csv,
    /// One self-contained HTML page with the plots (the default for --output FILE.html)
    Html,
}

impl ReportFormat {
    /// The file name extension of the format, and what it is in words.
    fn extension(self) -> (&'static str, &'static str) {
        match self {
            ReportFormat::Text => ("txt", "text"),
            ReportFormat::Markdown => ("md", "Markdown"),
            ReportFormat::Csv => ("csv", "CSV"),
            ReportFormat::Html => ("html", "an HTML page"),
        }
    }

    /// The format a file name asks for by its extension (`.html`, `.md`, `.csv`, `.txt`).
    fn of_file(path: &Path) -> Option<ReportFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "html" | "htm" => Some(ReportFormat::Html),
            "md" | "markdown" => Some(ReportFormat::Markdown),
            "csv" => Some(ReportFormat::Csv),
            "txt" => Some(ReportFormat::Text),
            _ => None,
        }
    }
}

/// Arguments of `pkbench report`.
#[derive(Debug, Clone, Args)]
#[command(
    after_help = "Records of one machine (same host name, CPU model and cores, as compare \
tells machines apart) that share operations are shown side by side: one table per command, a \
row per operation, a column per run with its median and 95 % interval, and the ratio of the \
last run over the first with its interval (compare's Hodges-Lehmann ratio). Records of several \
machines get the machines side by side and every operation by machine (one column per \
machine), then each record's own tables.

Examples:
  pkbench report a.json b.json      two runs of this machine side by side
  pkbench report a.json b.json --format csv
                                    the same tables as CSV, a line per cell
  pkbench suite --quick --output s.json && pkbench report s.json --output s.html
                                    one record as a page (tables, plots)
  pkbench report a.json b.json c.json --output machines.html
                                    records of three machines: one column each"
)]
pub struct ReportArgs {
    /// Result records (from any command's `--output`), each a regular file of at most
    /// 64 MiB; records of several machines get one column per machine.
    #[arg(value_name = "RECORD.json", required = true, num_args = 1..)]
    pub records: Vec<PathBuf>,
    /// Output format [default: text on stdout; with --output, the file's extension: .html,
    /// .md, .csv, .txt]
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<ReportFormat>,
    /// Write the report to FILE instead of stdout, named after its format (`*.html` for the
    /// page; written atomically; an existing file is replaced only with `--force`).
    #[arg(long, visible_alias = "out", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Replace `--output` if it exists (a regular file only; otherwise: error, exit 2).
    #[arg(long, requires = "output")]
    pub force: bool,
}

/// Refuses an `--output` that is a directory or whose name does not end in `.ext` (`what`
/// names the format, `example` a good name), then checks that it can be written
/// ([`record::write::check_destination`]).
///
/// # Errors
/// [`Error::Input`] naming `--output`.
pub fn check_output(path: &Path, ext: &str, what: &str, example: &str, force: bool) -> Result<()> {
    if path.is_dir() {
        return Err(Error::input(format!(
            "--output {}: is a directory; give a file name such as {example}",
            path.display()
        )));
    }
    if !path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(ext))
    {
        return Err(Error::input(format!(
            "--output {}: {what}; name the file .{ext} (e.g. {example})",
            path.display()
        )));
    }
    record::write::check_destination(path, force)
}

/// Runs `pkbench report`: reads every record and renders the report in the format asked
/// for; prints it, or writes it to `--output` and says what it holds.
///
/// # Errors
/// [`Error::Input`] for an `--output` not named after its format, that exists without
/// `--force` (or is not a regular file) or cannot be written, and for a file that is not a
/// result record; [`Error::Runtime`] when writing fails.
pub fn run(args: &ReportArgs) -> Result<String> {
    let format = match (&args.output, args.format) {
        (_, Some(f)) => f,
        (Some(p), None) => ReportFormat::of_file(p).unwrap_or(ReportFormat::Html),
        (None, None) => ReportFormat::Text,
    };
    if let Some(p) = &args.output {
        let (ext, what) = format.extension();
        check_output(
            p,
            ext,
            &format!("report writes {what}"),
            &format!("report.{ext}"),
            args.force,
        )?;
    }
    let records = args
        .records
        .iter()
        .map(|p| Ok((p.display().to_string(), ResultRecord::read(p)?)))
        .collect::<Result<Vec<_>>>()?;
    let text = match format {
        ReportFormat::Html => html::render_page(&records)?,
        ReportFormat::Text => doc::terminal::render(&page::report_doc(&records)?),
        ReportFormat::Markdown => doc::markdown::render(&page::report_doc(&records)?),
        ReportFormat::Csv => doc::csv::render(&page::report_doc(&records)?),
    };
    let Some(out) = &args.output else {
        return Ok(text);
    };
    record::write_atomic(out, text.as_bytes(), args.force)?;
    let machines = html::machines::group(&records).len();
    Ok(format!(
        "report: {} record{} from {} machine{} written to {}\n",
        records.len(),
        if records.len() == 1 { "" } else { "s" },
        machines,
        if machines == 1 { "" } else { "s" },
        out.display()
    ))
}
