//! End-to-end tests of the `sixdice` binary: one test binary, with shared
//! helpers in [`util`], a module per area.

mod browser;
mod category;
mod compare;
mod errors;
mod files;
mod fuzz;
mod golden;
mod headtohead;
mod play;
mod pushluck;
mod review;
mod serve;
mod sixhundred;
mod stopped;
mod util;
mod win;
