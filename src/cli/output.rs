//! The output options of the timing commands, declared once: `--format FORMAT` (with
//! `--json` and `--markdown` as its short forms), `--output FILE` and `--force`; and the one
//! function that turns a command's record into what it prints ([`render`]).
//!
//! A command says which formats it renders today with a [`Renderers`] (terminal text and JSON
//! always, Markdown where it has a writer); [`FormatArgs::check`] refuses the others before
//! anything is timed. When the document model arrives (`report::doc`, one renderer per
//! format), the `match` in [`render`] is the one place to wire it in: every command then
//! renders every format.

use crate::error::{Error, Result};
use crate::record::{self, ResultRecord};
use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};

/// What a command prints on stdout (`--format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum OutputFormat {
    /// The terminal tables (the default)
    #[default]
    Text,
    /// One JSON object (a timing command's result record), no progress bar (also --json)
    Json,
    /// GitHub-flavoured Markdown tables (also --markdown)
    Markdown,
    /// Comma-separated values
    Csv,
    /// One self-contained HTML page
    Html,
}

impl OutputFormat {
    /// The name `--format` takes.
    pub fn name(self) -> &'static str {
        match self {
            OutputFormat::Text => "text",
            OutputFormat::Json => "json",
            OutputFormat::Markdown => "markdown",
            OutputFormat::Csv => "csv",
            OutputFormat::Html => "html",
        }
    }

    /// Whether the progress bars stay hidden: with JSON on stdout, which a program reads
    /// (they are drawn on stderr, and only when it is a terminal).
    pub fn hides_progress(self) -> bool {
        self == OutputFormat::Json
    }
}

/// `--format` and its short forms `--json` and `--markdown`, for every command that prints
/// a result (the timing commands through [`OutputArgs`]; `noise` alone).
#[derive(Debug, Clone, Args)]
pub struct FormatArgs {
    /// Output format on stdout; a format the command cannot render yet is refused before
    /// anything is timed (exit 2)
    #[arg(
        long,
        value_enum,
        value_name = "FORMAT",
        default_value_t = OutputFormat::Text,
        // The short forms set the format: read `format`, never `json` or `markdown`.
        default_value_ifs = [("json", "true", Some("json")), ("markdown", "true", Some("markdown"))]
    )]
    pub format: OutputFormat,
    /// Print one JSON object on stdout instead of the tables (no progress bar): the same as
    /// --format json.
    #[arg(long, conflicts_with_all = ["format", "markdown"])]
    json: bool,
    /// Print Markdown (GitHub-flavoured) tables instead of the terminal tables: the same as
    /// --format markdown.
    #[arg(long, conflicts_with = "format")]
    markdown: bool,
}

impl FormatArgs {
    /// The option as the user spelled it (`--json`, `--markdown`, `--format csv`), for
    /// messages.
    pub fn spelled(&self) -> String {
        if self.json {
            "--json".into()
        } else if self.markdown {
            "--markdown".into()
        } else {
            format!("--format {}", self.format.name())
        }
    }

    /// Refuses, before anything is timed, a format that `renderers` cannot render yet.
    ///
    /// # Errors
    /// [`Error::Input`] naming the option and the formats the command has.
    pub fn check<T>(&self, renderers: &Renderers<'_, T>) -> Result<()> {
        let have = renderers.formats();
        if have.contains(&self.format) {
            return Ok(());
        }
        Err(unavailable(&self.spelled(), &have))
    }
}

/// The refusal of a format a command cannot render yet: `option` as spelled, the formats it
/// has.
fn unavailable(option: &str, have: &[OutputFormat]) -> Error {
    let names: Vec<&str> = have.iter().map(|f| f.name()).collect();
    let list = match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    };
    Error::input(format!(
        "{option} is not available for this command yet; use --format {list}"
    ))
}

/// The output options of every timing command: the format on stdout and the saved record.
#[derive(Debug, Clone, Args)]
pub struct OutputArgs {
    #[command(flatten)]
    pub format: FormatArgs,
    /// Also save the run as a result record (JSON, schema `pkbench.result/3`: parameters,
    /// every operation's statistics and raw samples, clock, machine and build) in FILE,
    /// written atomically. Read it back with `pkbench compare`, `pkbench plot` or `pkbench
    /// report`.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Replace the --output file if it already exists (otherwise: error, exit 2). A file
    /// that cannot be replaced (not writable, `chattr +i`) is refused before the run.
    #[arg(long, requires = "output")]
    pub force: bool,
}

impl OutputArgs {
    /// The format on stdout.
    pub fn format(&self) -> OutputFormat {
        self.format.format
    }

    /// Checks the output options before any timing: the format is one `renderers` has,
    /// and the `--output` directory exists and the file does not (unless `--force`). Call it
    /// first in `run`, so that a bad option fails at once.
    ///
    /// # Errors
    /// [`Error::Input`] as [`FormatArgs::check`] and [`record::write::check_destination`].
    pub fn check(&self, renderers: &Renderers<'_>) -> Result<()> {
        self.format.check(renderers)?;
        match &self.output {
            Some(p) => record::write::check_destination(p, self.force),
            None => Ok(()),
        }
    }

    /// What every timing command does with its record: the machine section gets this
    /// host's noise saved by `pkbench noise` (if any), the record is written to `--output`
    /// (if given) atomically, and the record is rendered in the format asked for
    /// ([`render`], naming the saved file).
    ///
    /// # Errors
    /// As [`write_record`] and [`render`].
    pub fn emit(&self, rec: &ResultRecord, renderers: &Renderers<'_>) -> Result<String> {
        let mut rec = rec.clone();
        if rec.machine.noise.is_none() {
            rec.machine.noise = crate::cli::noise::cached_for_this_host();
        }
        if let Some(Err(e)) = self
            .output
            .as_ref()
            .map(|p| write_record(p, &rec, self.force))
        {
            return Err(unsaved(e, render(self.format(), &rec, renderers, None)));
        }
        render(self.format(), &rec, renderers, self.output.as_deref())
    }
}

/// Writes `text` to stdout and flushes it. A closed pipe (`pkbench ... | head`) counts as
/// written: the reader chose to stop.
///
/// # Errors
/// Any other write error (a full disk, the file-size limit, `/dev/full`), for the caller to
/// report: output cut short must not end in success.
pub fn print(text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r,
    }
}

/// The error of a record that could not be written after its run (a full disk, a file-size
/// limit): the run's output is not lost with it. `rendered` (what the command prints, without
/// a "saved to" line) goes to stdout now, and the error says the results are above and the
/// record was not saved. A run's output is printed here, not by the caller, because the
/// error path prints nothing else.
pub fn unsaved(e: Error, rendered: Result<String>) -> Error {
    let Ok(text) = rendered else { return e };
    let tail = match print(&text) {
        Ok(()) => "the results are printed on stdout above; the record was not saved".to_string(),
        Err(w) => format!("the record was not saved, and stdout could not be written either: {w}"),
    };
    match e {
        Error::Runtime(m) => Error::runtime(format!("{m} ({tail})")),
        Error::Input(m) => Error::input(format!("{m} ({tail})")),
        other => other,
    }
}

/// A function that writes a `T` in one format.
type Writer<'a, T, R> = Box<dyn Fn(&T) -> R + 'a>;

/// How a command shows what it measured (a result record, or `noise`'s summary), one
/// writer per format it has today: terminal text and JSON always, Markdown where the
/// command has a Markdown writer. Made before the run, so that [`FormatArgs::check`] can
/// refuse a format before anything is timed.
pub struct Renderers<'a, T = ResultRecord> {
    text: Writer<'a, T, String>,
    json: Writer<'a, T, Result<String>>,
    markdown: Option<Writer<'a, T, String>>,
    csv: Option<Writer<'a, T, String>>,
    html: Option<Writer<'a, T, String>>,
}

impl<'a> Renderers<'a, ResultRecord> {
    /// A record's writers: `text` for the terminal, the record itself as JSON
    /// ([`crate::report::json::render`]).
    pub fn record(text: impl Fn(&ResultRecord) -> String + 'a) -> Self {
        Renderers::new(text, crate::report::json::render)
    }
}

impl<'a, T> Renderers<'a, T> {
    /// The writers of `text` and `json`.
    pub fn new(text: impl Fn(&T) -> String + 'a, json: impl Fn(&T) -> Result<String> + 'a) -> Self {
        Renderers {
            text: Box::new(text),
            json: Box::new(json),
            markdown: None,
            csv: None,
            html: None,
        }
    }

    /// These writers with a Markdown one.
    pub fn with_markdown(mut self, markdown: impl Fn(&T) -> String + 'a) -> Self {
        self.markdown = Some(Box::new(markdown));
        self
    }

    /// These writers with a CSV one.
    pub fn with_csv(mut self, csv: impl Fn(&T) -> String + 'a) -> Self {
        self.csv = Some(Box::new(csv));
        self
    }

    /// These writers with an HTML one (a self-contained page).
    pub fn with_html(mut self, html: impl Fn(&T) -> String + 'a) -> Self {
        self.html = Some(Box::new(html));
        self
    }

    /// The formats these writers render.
    pub fn formats(&self) -> Vec<OutputFormat> {
        let mut v = vec![OutputFormat::Text, OutputFormat::Json];
        for (have, f) in [
            (self.markdown.is_some(), OutputFormat::Markdown),
            (self.csv.is_some(), OutputFormat::Csv),
            (self.html.is_some(), OutputFormat::Html),
        ] {
            if have {
                v.push(f);
            }
        }
        v
    }
}

/// What a command prints: `value` rendered in `format` by `renderers`. JSON is printed as
/// it is; the other formats get a line naming the record file `saved` (if any) and have
/// their prose lines wrapped at 80 columns ([`crate::report::wrap_text`]; table lines are
/// kept whole).
///
/// # Errors
/// [`Error::Input`] for a format `renderers` lacks (commands refuse it before timing, with
/// [`FormatArgs::check`]); as the JSON writer.
pub fn render<T>(
    format: OutputFormat,
    value: &T,
    renderers: &Renderers<'_, T>,
    saved: Option<&Path>,
) -> Result<String> {
    let writer = match format {
        OutputFormat::Json => return (renderers.json)(value),
        OutputFormat::Text => Some(&renderers.text),
        OutputFormat::Markdown => renderers.markdown.as_ref(),
        // CSV and HTML are data and a page: printed as written, no saved line, no wrapping.
        OutputFormat::Csv | OutputFormat::Html => {
            let w = match format {
                OutputFormat::Csv => renderers.csv.as_ref(),
                _ => renderers.html.as_ref(),
            };
            return match w {
                Some(w) => Ok(w(value)),
                None => Err(unavailable(
                    &format!("--format {}", format.name()),
                    &renderers.formats(),
                )),
            };
        }
    };
    let Some(writer) = writer else {
        let spelled = format!("--format {}", format.name());
        return Err(unavailable(&spelled, &renderers.formats()));
    };
    let mut s = writer(value);
    if let Some(p) = saved {
        s += &format!("record:    saved to {}\n", p.display());
    }
    Ok(crate::report::wrap_text(&s))
}

/// Writes a result record as `--format json` prints it ([`crate::report::json::render`])
/// to `path`, atomically (temporary file in the same directory, then rename); an existing
/// file is replaced only with `force`.
///
/// # Errors
/// [`Error::Input`] when the file exists without `force` or its directory is missing;
/// [`Error::Runtime`] for other I/O failures (nothing is left half-written).
pub fn write_record(path: &Path, rec: &ResultRecord, force: bool) -> Result<()> {
    record::write_atomic(path, crate::report::json::render(rec)?.as_bytes(), force)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        out: OutputArgs,
    }

    fn parse(args: &[&str]) -> std::result::Result<OutputArgs, clap::Error> {
        Cli::try_parse_from(std::iter::once("pkbench").chain(args.iter().copied())).map(|c| c.out)
    }

    #[test]
    fn short_forms_set_the_format() {
        let f = |args: &[&str]| parse(args).unwrap().format();
        assert_eq!(f(&[]), OutputFormat::Text);
        assert_eq!(f(&["--json"]), OutputFormat::Json);
        assert_eq!(f(&["--markdown"]), OutputFormat::Markdown);
        assert_eq!(f(&["--format", "csv"]), OutputFormat::Csv);
        assert_eq!(f(&["--format=html"]), OutputFormat::Html);
        for both in [
            &["--json", "--format", "json"][..],
            &["--markdown", "--format", "text"],
            &["--json", "--markdown"],
        ] {
            let e = parse(both).err().unwrap();
            assert_eq!(
                e.kind(),
                clap::error::ErrorKind::ArgumentConflict,
                "{both:?}"
            );
        }
        assert!(parse(&["--force"]).is_err());
        assert!(parse(&["--format", "pdf"]).is_err());
    }

    #[test]
    fn formats_a_command_lacks_are_refused_by_name() {
        let text_only = Renderers::record(|_| "t\n".into());
        let with_md = Renderers::record(|_| "t\n".into()).with_markdown(|_| "m\n".into());
        let args = parse(&["--markdown"]).unwrap();
        let e = args.format.check(&text_only).unwrap_err();
        assert!(e.is_input());
        assert_eq!(
            e.message(),
            "--markdown is not available for this command yet; use --format text or json"
        );
        args.format.check(&with_md).unwrap();
        let csv = parse(&["--format", "csv"]).unwrap();
        assert_eq!(
            csv.format.check(&with_md).unwrap_err().message(),
            "--format csv is not available for this command yet; use --format text, json or markdown"
        );
        let rec = ResultRecord::new("dh", "wall", crate::measure::Machine::detect());
        let saved = Path::new("r.json");
        assert_eq!(
            render(OutputFormat::Markdown, &rec, &with_md, Some(saved)).unwrap(),
            "m\nrecord:    saved to r.json\n"
        );
        assert_eq!(
            render(OutputFormat::Text, &rec, &text_only, None).unwrap(),
            "t\n"
        );
        assert!(render(OutputFormat::Html, &rec, &with_md, None).is_err());
        let json = render(OutputFormat::Json, &rec, &text_only, Some(saved)).unwrap();
        assert!(json.trim_start().starts_with('{'), "{json}");
    }
}
