//! `pkbench completions SHELL` and `pkbench man`: shell completions and a man page generated
//! from the clap definitions (`clap_complete`, `clap_mangen`), so they never drift from the
//! options the binary takes. The binary passes its `clap::Command`; these only render it.

use crate::error::{Error, Result};
use clap::Args;
use clap_complete::Shell;

/// Arguments of `pkbench completions`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench completions bash      bash completions on stdout; install with
                                pkbench completions bash > \\
                                ~/.local/share/bash-completion/completions/pkbench
  pkbench completions zsh       zsh (save as _pkbench in a directory of $fpath)
  pkbench completions fish      fish (~/.config/fish/completions/pkbench.fish)")]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: Shell,
}

/// Arguments of `pkbench man`.
#[derive(Debug, Clone, Args)]
#[command(after_help = "Examples:
  pkbench man                   the man page (roff) on stdout; view with
                                pkbench man > pkbench.1 && man ./pkbench.1")]
pub struct ManArgs {}

/// The completion script of `cmd` for `shell`, as text.
///
/// # Errors
/// [`Error::Input`] if the generated script is not UTF-8 (never for the shells clap_complete
/// writes).
pub fn completions(args: &CompletionsArgs, cmd: &mut clap::Command) -> Result<String> {
    let mut buf = Vec::new();
    let name = cmd.get_name().to_string();
    clap_complete::generate(args.shell, cmd, name, &mut buf);
    String::from_utf8(buf).map_err(|_| Error::input("completion script is not UTF-8"))
}

/// The man page of `cmd` (roff, section 1) with one section per subcommand, as text.
///
/// # Errors
/// [`Error::Input`] if rendering fails (only on an I/O error writing to memory).
pub fn man(_args: &ManArgs, cmd: clap::Command) -> Result<String> {
    let mut buf = Vec::new();
    let page = clap_mangen::Man::new(cmd.clone());
    page.render(&mut buf)
        .map_err(|e| Error::input(format!("man page: {e}")))?;
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let mut part = Vec::new();
        clap_mangen::Man::new(sub.clone())
            .render_options_section(&mut part)
            .map_err(|e| Error::input(format!("man page: {e}")))?;
        buf.extend_from_slice(
            format!(
                ".SH \"PKBENCH {}\"\n{}\n",
                sub.get_name().to_uppercase(),
                sub.get_about().map(|a| a.to_string()).unwrap_or_default()
            )
            .as_bytes(),
        );
        // The subcommand's options without their own ".SH OPTIONS" heading.
        let text = String::from_utf8_lossy(&part).replacen(".SH OPTIONS\n", "", 1);
        buf.extend_from_slice(text.as_bytes());
    }
    String::from_utf8(buf).map_err(|_| Error::input("man page is not UTF-8"))
}
