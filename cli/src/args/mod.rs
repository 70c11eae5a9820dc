//! Command-line arguments: the raw clap model ([`Cli`]), and the one checked
//! value the rest of the binary works with ([`Args`]): each command's flags
//! become the library's request for it (`solver::AdviseRequest`, ...),
//! which resolves the game once and checks what only the flags' shape can
//! get wrong, the same way for a JSON body sent to `sixdice serve`.
//!
//! Two steps, one file each: [`raw`] is what clap parses (flags as typed,
//! and the help texts that list the games), [`checked`] turns that into
//! [`Args`], one [`Command`] per subcommand with its game resolved.

mod checked;
mod raw;

pub use checked::{Args, Command};
pub use raw::{command, parse};
