//! # sixdice's input and output of users, made safe
//!
//! What users hand sixdice reaches it as text (dice, names, option
//! values, keys of a rules file) and as paths (rules files, records, the
//! tables directory, pictures to write); both go back out in messages and
//! in files. This crate sits below every other crate of the workspace and
//! holds the two rules that keep that safe:
//!
//! - `text.rs`: anything echoed from a user is escaped ([`Quoted`],
//!   [`Escaped`]) and cut short ([`cut`]), so an error is one line and
//!   never carries a terminal's escape sequences;
//! - `files.rs`: only regular files are read, and capped
//!   ([`read_small_text`]); an output is checked before the work that
//!   makes it ([`check_output`]) and written through a temporary file
//!   renamed over its target ([`write_output`]), never over anything but
//!   an absent path or a regular file.
//!
//! The solver writes its tables through it; the command line its pictures
//! and game records.

mod files;
mod text;

pub use files::{
    check_dir_writable, check_output, check_regular, dir_of, free_bytes, os_reason, output_target, read_small_text,
    stop_writes, write_output, FileError, OutputError,
};
pub use text::{cut, Escaped, Quoted};
