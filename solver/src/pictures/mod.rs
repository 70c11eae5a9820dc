//! Pictures of reports, as SVG text drawn with `plotters` (its SVG
//! backend): every front end gets the same figures from the same reports.
//!
//! Each report that has a picture implements [`Picture`]:
//!
//! - a comparison ([`draw_compare`]): P(first player wins) per rule
//!   variant, a bar chart with the base rules marked;
//! - a win map ([`draw_win_map`]): the probability of winning at the start
//!   of a turn over (my score, opponent's score), a heat map;
//! - a bank boundary ([`draw_bank_boundary`]): the turn total at which to
//!   bank against my score, one curve per opponent score (the figure
//!   Neller and Presser drew for Pig);
//! - a review ([`draw_review`]): a reviewed game, every player's value turn
//!   by turn;
//! - a summary of reviews ([`draw_review_summary`]): several reviewed
//!   games, each player's loss per decision (above) and luck (below) game
//!   by game;
//! - a final-score distribution ([`distribution`]): P(final ≥ s) per
//!   play of an advice, or from the empty sheet of a distribution table.
//!
//! Each figure has a title naming the game and its options, labelled axes
//! with units, and a legend or colour scale.

mod distribution;

use distribution::{draw_advice_distribution, draw_table_distribution};
use plotters::coord::ranged1d::{IntoSegmentedCoord, SegmentValue};
use plotters::prelude::*;

use crate::report::{
    BankBoundary, CategoryAdvice, CompareReport, CompareRow, DecisionClass, ReviewReport, ReviewSummary, TableReport,
    WinMap,
};
use crate::vocabulary::Objective;

/// A figure that could not be drawn.
#[derive(Debug, thiserror::Error)]
#[error("cannot draw the picture: {0}")]
pub struct PictureError(pub(crate) String);

/// A report that has a picture: its SVG, drawn with plotters.
pub trait Picture {
    /// The picture as SVG text.
    ///
    /// # Errors
    /// Only when plotters fails to draw (not for any report sixdice makes).
    fn draw(&self) -> Result<String, PictureError>;
}

/// Each report that has a picture, and the function below that draws it.
macro_rules! drawn_by {
    ($($report:ty: $draw:ident;)*) => {
        $(impl Picture for $report {
            fn draw(&self) -> Result<String, PictureError> {
                $draw(self)
            }
        })*
    };
}

drawn_by! {
    CompareReport: draw_compare;
    WinMap: draw_win_map;
    BankBoundary: draw_bank_boundary;
    ReviewReport: draw_review;
    ReviewSummary: draw_review_summary;
    CategoryAdvice: draw_advice_distribution;
    TableReport: draw_table_distribution;
}

fn err<E: std::fmt::Display>(e: E) -> PictureError {
    PictureError(e.to_string())
}

const FONT: &str = "sans-serif";

type Area<'a> = DrawingArea<SVGBackend<'a>, plotters::coord::Shift>;

/// A white picture of `size` pixels drawn by `draw`, as SVG text.
fn svg(size: (u32, u32), draw: impl FnOnce(&Area) -> Result<(), PictureError>) -> Result<String, PictureError> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        draw(&root)?;
        root.present().map_err(err)?;
    }
    Ok(out)
}

/// The legend of the labelled series, boxed, at `at`.
fn legend<'a, CT: plotters::coord::CoordTranslate>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, CT>,
    at: SeriesLabelPosition,
) -> Result<(), PictureError> {
    chart
        .configure_series_labels()
        .position(at)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .label_font((FONT, 14))
        .draw()
        .map_err(err)
}

/// Room at the right of a chart, so that the last tick label of the x
/// axis (centred on the axis' end: `10000`, `58.0%`) is not cut off.
const RIGHT_MARGIN: u32 = 44;

/// The bar chart of a comparison: one bar per variant (P(first player
/// wins)), the base rules in their own colour and as a dashed line, 1/2
/// dotted, the key below the chart; variants without numbers say so where
/// their bar would be. A bar's label gives the change against the base
/// rules in percentage points (`+0.57 pts`), as the text report does.
///
/// # Errors
/// When plotters fails (not for any report `compare` makes).
fn draw_compare(r: &CompareReport) -> Result<String, PictureError> {
    let n = r.rows.len();
    let key_height = 36;
    let height = 130 + 50 * u32::try_from(n).unwrap_or(40) + key_height;
    svg((960, height), |root| {
        let (main, key_area) = root.split_vertically(height - key_height);
        let even = 1.0 / r.players as f64;
        let (x0, x1) = compare_range(r, even);
        let mut chart = compare_chart(&main, r, x0, x1)?;
        // The reference lines first, so that the bars and their labels lie on top.
        let key = draw_reference_lines(&mut chart, r, even, x0)?;
        draw_bars(&mut chart, r, x0, x1)?;
        draw_key(&key_area, key)
    })
}

/// The compare chart: P(first player wins) across, a segment per variant up.
type BarChart<'a, 'b> = ChartContext<
    'a,
    SVGBackend<'b>,
    plotters::coord::cartesian::Cartesian2d<
        plotters::coord::types::RangedCoordf64,
        plotters::coord::ranged1d::SegmentedCoord<plotters::coord::types::RangedCoordusize>,
    >,
>;

/// The base rules' bar and line.
const BASE_COLOUR: RGBColor = RGBColor(214, 96, 39);
/// The other variants' bars.
const VARIANT_COLOUR: RGBColor = RGBColor(66, 116, 181);

/// The first seat's chance and its change, in a game of two or more.
fn first_wins(row: &CompareRow) -> Option<(f64, Option<f64>)> {
    match (&row.odds, &row.seats) {
        (Some(o), _) => Some((o.first_wins, o.first_wins_change)),
        (None, Some(s)) => Some((s.seats[0], s.first_wins_change)),
        (None, None) => None,
    }
}

/// The x axis' ends: every variant's chance and the even game's, padded,
/// on half-percent steps.
fn compare_range(r: &CompareReport, even: f64) -> (f64, f64) {
    let values: Vec<f64> = r.rows.iter().filter_map(|row| first_wins(row).map(|f| f.0)).collect();
    let lo = values.iter().copied().fold(even, f64::min);
    let hi = values.iter().copied().fold(even, f64::max);
    let pad = ((hi - lo) * 0.25).max(0.005);
    let x0 = ((lo - pad) * 200.0).floor() / 200.0;
    let x1 = ((hi + pad) * 200.0).ceil() / 200.0;
    (x0, x1)
}

/// The compare chart on `main` with its caption, axes and variant labels.
fn compare_chart<'a, 'b>(
    main: &'a Area<'b>,
    r: &CompareReport,
    x0: f64,
    x1: f64,
) -> Result<BarChart<'a, 'b>, PictureError> {
    let n = r.rows.len();
    let labels: Vec<String> = r.rows.iter().map(|row| row.variant.clone()).collect();
    let players = if r.players == 2 { String::new() } else { format!(", {} players", r.players) };
    let mut chart = ChartBuilder::on(main)
        .caption(format!("{}: P(first player wins) by rule variant{}", r.game.title, players), (FONT, 22))
        .margin(16)
        .margin_right(RIGHT_MARGIN)
        .x_label_area_size(48)
        .y_label_area_size(230)
        .build_cartesian_2d(x0..x1, (0..n.saturating_sub(1)).into_segmented())
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .light_line_style(WHITE)
        .x_desc(if r.players == 2 {
            "P(first player wins), both players playing to win".to_string()
        } else {
            format!("P(first player wins), all {} players playing to win", r.players)
        })
        .x_label_formatter(&|x| format!("{:.1}%", 100.0 * x))
        .y_labels(n)
        .y_label_formatter(&|y| match y {
            SegmentValue::CenterOf(s) if *s < n => labels.get(n - 1 - *s).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .label_style((FONT, 15))
        .axis_desc_style((FONT, 16))
        .draw()
        .map_err(err)?;
    Ok(chart)
}

/// Text of `size` in `colour`, its left end at the point given.
fn left(size: i32, colour: RGBColor) -> TextStyle<'static> {
    (FONT, size).into_font().color(&colour).pos(plotters::style::text_anchor::Pos::new(
        plotters::style::text_anchor::HPos::Left,
        plotters::style::text_anchor::VPos::Center,
    ))
}

/// The base rules' line and the even game's (when in range); returns
/// their entries of the key.
fn draw_reference_lines(
    chart: &mut BarChart,
    r: &CompareReport,
    even: f64,
    x0: f64,
) -> Result<Vec<(String, ShapeStyle)>, PictureError> {
    let vertical = |x: f64| vec![(x, SegmentValue::Exact(0)), (x, SegmentValue::Last)];
    let mut key: Vec<(String, ShapeStyle)> = vec![];
    if let Some((b, _)) = r.rows.first().and_then(first_wins) {
        chart.draw_series(DashedLineSeries::new(vertical(b), 6, 4, BASE_COLOUR.stroke_width(2))).map_err(err)?;
        key.push(("base rules".to_string(), BASE_COLOUR.stroke_width(2)));
    }
    let even_label = format!("even game ({:.0}%)", 100.0 * even);
    if x0 <= even {
        chart.draw_series(DashedLineSeries::new(vertical(even), 2, 4, BLACK.stroke_width(1))).map_err(err)?;
        key.push((even_label, BLACK.stroke_width(1)));
    }
    Ok(key)
}

/// A bar per variant with its chance and change, or a note where a
/// variant has no numbers.
fn draw_bars(chart: &mut BarChart, r: &CompareReport, x0: f64, x1: f64) -> Result<(), PictureError> {
    let n = r.rows.len();
    // Row i sits in slot n - 1 - i, the base rules at the top. A segmented
    // axis over `0..k` has k + 1 slots (the range's ends included), so the
    // n slots are `0..n - 1`, and the top slot's upper edge is its `Last`.
    let slot = |i: usize| n - 1 - i;
    let upper_edge = |y: usize| if y + 1 >= n { SegmentValue::Last } else { SegmentValue::Exact(y + 1) };
    for (i, row) in r.rows.iter().enumerate() {
        let y = slot(i);
        match first_wins(row) {
            Some((wins, change)) => {
                let c = if i == 0 { BASE_COLOUR } else { VARIANT_COLOUR };
                let mut bar = Rectangle::new([(x0, SegmentValue::Exact(y)), (wins, upper_edge(y))], c.filled());
                bar.set_margin(8, 8, 0, 0);
                chart.draw_series(std::iter::once(bar)).map_err(err)?;
                let text = match change {
                    Some(d) => format!(" {:.2}% ({})", 100.0 * wins, percentage_points(d)),
                    None => format!(" {:.2}% (base rules)", 100.0 * wins),
                };
                chart
                    .draw_series(std::iter::once(Text::new(
                        text,
                        (wins - (x1 - x0) * 0.006, SegmentValue::CenterOf(y)),
                        (FONT, 14).into_font().color(&WHITE).pos(plotters::style::text_anchor::Pos::new(
                            plotters::style::text_anchor::HPos::Right,
                            plotters::style::text_anchor::VPos::Center,
                        )),
                    )))
                    .map_err(err)?;
            }
            None => {
                chart
                    .draw_series(std::iter::once(Text::new(
                        if r.players == 2 {
                            " not solved under the win objective".to_string()
                        } else {
                            format!(" not solved for {} players", r.players)
                        },
                        (x0, SegmentValue::CenterOf(y)),
                        left(14, RGBColor(110, 110, 110)),
                    )))
                    .map_err(err)?;
            }
        }
    }
    Ok(())
}

/// The key in one line below the chart, under the plotting area.
fn draw_key(key_area: &Area, key: Vec<(String, ShapeStyle)>) -> Result<(), PictureError> {
    let mut x = 16 + 230;
    for (label, style) in key {
        key_area.draw(&PathElement::new(vec![(x, 12), (x + 24, 12)], style)).map_err(err)?;
        key_area.draw(&Text::new(label.as_str(), (x + 30, 12), left(14, BLACK))).map_err(err)?;
        x += 30 + 9 * i32::try_from(label.len()).unwrap_or(20) + 30;
    }
    Ok(())
}

/// The heat map of turn-start win probabilities: my score across, the
/// opponent's up, colour from 0 (blue) to 1 (yellow), the 50% line drawn.
///
/// # Errors
/// When plotters fails.
fn draw_win_map(m: &WinMap) -> Result<String, PictureError> {
    svg((860, 760), |root| {
        let (main, scale_area) = root.split_horizontally(760);
        let top = m.scores.last().copied().unwrap_or(0) + m.step;
        let mut chart = ChartBuilder::on(&main)
            .caption(format!("{}: P(win) at the start of my turn", m.game.title), (FONT, 22))
            .margin(16)
            .margin_right(RIGHT_MARGIN)
            .x_label_area_size(50)
            .y_label_area_size(70)
            .build_cartesian_2d(0..top, 0..top)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("my score (points)")
            .y_desc("opponent's score (points)")
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 16))
            .draw()
            .map_err(err)?;
        let k = m.scores.len();
        chart
            .draw_series((0..k).flat_map(|i| {
                (0..k).map(move |j| {
                    let (x, y) = (m.scores[i], m.scores[j]);
                    let p = m.p[i * k + j];
                    Rectangle::new([(x, y), (x + m.step, y + m.step)], colour_of(p).filled())
                })
            }))
            .map_err(err)?;
        // The even line: per opponent score, the lowest score of mine that wins at least half.
        let even: Vec<(i64, i64)> = (0..k)
            .filter_map(|j| (0..k).find(|&i| m.p[i * k + j] >= 0.5).map(|i| (m.scores[i], m.scores[j] + m.step / 2)))
            .collect();
        chart
            .draw_series(LineSeries::new(even, RED.stroke_width(2)))
            .map_err(err)?
            .label("P(win) = 50%")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RED.stroke_width(2)));
        legend(&mut chart, SeriesLabelPosition::UpperLeft)?;
        colour_scale(&scale_area)?;
        Ok(())
    })
}

fn colour_of(p: f64) -> RGBColor {
    ViridisRGB::get_color(p.clamp(0.0, 1.0))
}

/// A vertical colour bar from 0 to 1, labelled in percent.
fn colour_scale<DB: DrawingBackend>(area: &DrawingArea<DB, plotters::coord::Shift>) -> Result<(), PictureError>
where
    DB::ErrorType: 'static,
{
    let mut bar = ChartBuilder::on(area)
        .margin_top(60)
        .margin_bottom(66)
        .margin_right(10)
        .y_label_area_size(56)
        .build_cartesian_2d(0..1, 0.0..1.0)
        .map_err(err)?;
    bar.configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_labels(6)
        .y_label_formatter(&|p| format!("{:.0}%", 100.0 * p))
        .y_desc("P(win)")
        .label_style((FONT, 13))
        .axis_desc_style((FONT, 14))
        .draw()
        .map_err(err)?;
    let steps = 100;
    bar.draw_series((0..steps).map(|s| {
        let (a, b) = (f64::from(s) / f64::from(steps), f64::from(s + 1) / f64::from(steps));
        Rectangle::new([(0, a), (1, b)], colour_of((a + b) / 2.0).filled())
    }))
    .map_err(err)?;
    Ok(())
}

/// The bank/roll boundary with a fixed number of dice to roll: per
/// opponent score a curve of the lowest turn total at which the exact
/// policy banks, against my score (a gap where it never banks there).
///
/// # Errors
/// When plotters fails.
fn draw_bank_boundary(b: &BankBoundary) -> Result<String, PictureError> {
    svg((900, 640), |root| {
        let top_x = b.curves.iter().flat_map(|c| c.points.iter().map(|p| p.0)).max().unwrap_or(0) + b.step;
        let top_y = b.curves.iter().flat_map(|c| c.points.iter().filter_map(|p| p.1)).max().unwrap_or(0);
        let top_y = (top_y + top_y / 10).max(b.step * 4);
        let dice = if b.dice == 1 { "1 die".to_string() } else { format!("{} dice", b.dice) };
        let mut chart = ChartBuilder::on(root)
            .caption(format!("{}: when to bank with {dice} left to roll", b.game.title), (FONT, 22))
            .margin(16)
            .margin_right(RIGHT_MARGIN)
            .x_label_area_size(50)
            .y_label_area_size(80)
            .build_cartesian_2d(0..top_x, 0..top_y)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("my score before this turn (points)")
            .y_desc("bank at this turn total or more (points)")
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 16))
            .light_line_style(WHITE.mix(0.0))
            .draw()
            .map_err(err)?;
        let n = b.curves.len().max(2);
        for (i, c) in b.curves.iter().enumerate() {
            let colour = ViridisRGB::get_color(i as f64 / (n - 1) as f64 * 0.9);
            // Split where the policy never banks, so the curve shows the gap.
            let mut runs: Vec<Vec<(i64, i64)>> = vec![vec![]];
            for &(x, t) in &c.points {
                match t {
                    Some(t) => runs.last_mut().expect("one run").push((x, t)),
                    None if runs.last().is_some_and(|r| !r.is_empty()) => runs.push(vec![]),
                    None => {}
                }
            }
            for (r, run) in runs.into_iter().filter(|r| !r.is_empty()).enumerate() {
                let s = chart.draw_series(LineSeries::new(run, colour.stroke_width(2))).map_err(err)?;
                if r == 0 {
                    s.label(format!("opponent at {}", c.opponent))
                        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(3)));
                }
            }
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        Ok(())
    })
}

/// How the review chart draws each seat's line (dash, gap; 0: solid) and
/// names it in the legend.
const LINE_KINDS: [(u32, u32, &str); 4] =
    [(1, 0, "solid"), (10, 6, "dashed"), (3, 4, "dotted"), (16, 4, "long dashes")];

/// A reviewed game turn by turn: each player's P(win) (two-player
/// push-your-luck games) or expected final score (category games) or the
/// expected points of their turns, after every turn; the turns with a
/// mistake or a blunder marked on the curve of the player who made it
/// (a cross for a blunder, a circle for a mistake).
///
/// # Errors
/// Only if plotters fails to draw.
fn draw_review(r: &ReviewReport) -> Result<String, PictureError> {
    svg((900, 560), |root| {
        let win = r.objective == Objective::Win;
        let scale = |v: f64| if win { 100.0 * v } else { v };
        let last = r.turns.last().map_or(1, |t| t.turn).max(1);
        let (lo, hi) = if win {
            (0.0, 100.0)
        } else {
            let all = r.turns.iter().flat_map(|t| t.values.iter().copied());
            let (lo, hi) = all.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| (a.min(v), b.max(v)));
            if lo.is_finite() {
                let pad = ((hi - lo) * 0.08).max(1.0);
                (lo - pad, hi + pad)
            } else {
                (0.0, 1.0)
            }
        };
        let what = match r.objective {
            Objective::Win => "P(win) (%)",
            Objective::Target => "P(reaching the score) (%)",
            Objective::TurnScore => "expected points of the turn",
            Objective::FinalScore => "expected final score (points)",
        };
        let mut chart = ChartBuilder::on(root)
            .caption(format!("{}: the game turn by turn", r.game.title), (FONT, 22))
            .margin(16)
            .margin_right(RIGHT_MARGIN)
            .x_label_area_size(50)
            .y_label_area_size(80)
            .build_cartesian_2d(0..last, lo..hi)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("turn (a circle marks a mistake, a cross a blunder)")
            .y_desc(what)
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 16))
            .light_line_style(WHITE.mix(0.0))
            .draw()
            .map_err(err)?;
        let n = r.players.len();
        for (seat, p) in r.players.iter().enumerate() {
            let colour = Palette99::pick(seat).to_rgba();
            let start = (0, scale(p.start));
            let first = if r.objective == Objective::TurnScore { vec![] } else { vec![start] };
            let points: Vec<(usize, f64)> =
                first.into_iter().chain(r.turns.iter().map(|t| (t.turn, scale(t.values[seat])))).collect();
            // Players told apart by more than colour: each seat's line has
            // its own dashes, named in the legend.
            let (dash, gap, name) = LINE_KINDS[seat % LINE_KINDS.len()];
            let style = colour.stroke_width(2);
            let series = if gap == 0 {
                chart.draw_series(LineSeries::new(points, style)).map_err(err)?
            } else {
                chart.draw_series(DashedLineSeries::new(points, dash, gap, style)).map_err(err)?
            };
            series.label(format!("{} ({name})", p.player)).legend(move |(x, y)| {
                // Two strokes of the line's own pattern (solid: 20 px whole).
                let (d, g) = if gap == 0 { (10, 0) } else { (dash.min(9) as i32, gap.min(5) as i32) };
                EmptyElement::at((x, y))
                    + PathElement::new(vec![(0, 0), (d, 0)], colour.stroke_width(3))
                    + PathElement::new(vec![(d + g, 0), (2 * d + g, 0)], colour.stroke_width(3))
            });
            let marked = r.turns.iter().filter(|t| t.seat == seat && t.worst >= Some(DecisionClass::Mistake));
            for t in marked {
                let at = (t.turn, scale(t.values[seat]));
                if t.worst == Some(DecisionClass::Blunder) {
                    chart.draw_series(std::iter::once(Cross::new(at, 7, colour.stroke_width(3)))).map_err(err)?;
                } else {
                    chart.draw_series(std::iter::once(Circle::new(at, 6, colour.stroke_width(2)))).map_err(err)?;
                }
            }
        }
        if n > 0 {
            legend(&mut chart, SeriesLabelPosition::UpperLeft)?;
        }
        Ok(())
    })
}

/// One figure of a player's game.
type Figure = dyn Fn(&crate::report::PlayerReview) -> f64;

/// Several reviewed games: each player's mean loss per unforced decision
/// (above) and luck (below), game by game, in the objective's unit.
///
/// # Errors
/// Only if plotters fails to draw.
fn draw_review_summary(r: &ReviewSummary) -> Result<String, PictureError> {
    svg((900, 640), |root| {
        let win = r.objective == Objective::Win;
        let scale = |v: f64| if win { 100.0 * v } else { v };
        // Short: the axis is 300 pixels high.
        let unit = if win { "pp of P(win)" } else { "points" };
        let n = r.games.len();
        let (top, bottom) = root.split_vertically(300);
        // Each player's figure in each game they played (x: the game's number).
        let series = |pick: &Figure, name: &str| -> Vec<(usize, f64)> {
            r.games
                .iter()
                .enumerate()
                .filter_map(|(k, g)| g.players.iter().find(|p| p.player == name).map(|p| (k + 1, scale(pick(p)))))
                .collect()
        };
        let span = |values: &mut dyn Iterator<Item = f64>, floor_zero: bool| {
            let (lo, hi) = values.fold((0.0f64, 0.0f64), |(a, b), v| (a.min(v), b.max(v)));
            let pad = ((hi - lo) * 0.1).max(if win { 0.05 } else { 1.0 });
            (if floor_zero { 0.0 } else { lo - pad }, hi + pad)
        };
        let panels: [(&Area, &str, String, bool, &Figure); 2] = [
            (&top, "loss per decision", format!("mean loss per decision ({unit})"), true, &|p| p.mean_loss),
            (&bottom, "luck", format!("luck ({unit})"), false, &|p| p.luck),
        ];
        for (k, (area, what, y_desc, floor_zero, pick)) in panels.into_iter().enumerate() {
            let mut all = r.games.iter().flat_map(|g| g.players.iter().map(|p| scale(pick(p))));
            let (lo, hi) = span(&mut all, floor_zero);
            let caption = if k == 0 {
                format!("{} games reviewed: each player's {what}, game by game", n)
            } else {
                format!("each player's {what}, game by game")
            };
            let mut chart = ChartBuilder::on(area)
                .caption(caption, (FONT, if k == 0 { 20 } else { 16 }))
                .margin(14)
                .margin_right(RIGHT_MARGIN)
                .x_label_area_size(40)
                .y_label_area_size(80)
                .build_cartesian_2d(0usize..n + 1, lo..hi)
                .map_err(err)?;
            chart
                .configure_mesh()
                .x_desc("game")
                .y_desc(y_desc)
                .x_labels(n + 2)
                .x_label_formatter(&|x| if *x == 0 || *x > n { String::new() } else { x.to_string() })
                .label_style((FONT, 13))
                .axis_desc_style((FONT, 14))
                .light_line_style(WHITE.mix(0.0))
                .draw()
                .map_err(err)?;
            for (seat, p) in r.players.iter().enumerate() {
                let colour = Palette99::pick(seat).to_rgba();
                let points = series(pick, &p.totals.player);
                chart
                    .draw_series(LineSeries::new(points.clone(), colour.stroke_width(2)))
                    .map_err(err)?
                    .label(p.totals.player.clone())
                    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(3)));
                chart.draw_series(points.into_iter().map(|at| Circle::new(at, 4, colour.filled()))).map_err(err)?;
            }
            if !floor_zero {
                chart.draw_series(LineSeries::new([(0, 0.0), (n + 1, 0.0)], BLACK.mix(0.4))).map_err(err)?;
            }
            if !r.players.is_empty() {
                legend(&mut chart, SeriesLabelPosition::UpperRight)?;
            }
        }
        Ok(())
    })
}

/// A change of a probability in percentage points, short, e.g. `+0.57
/// pts` (the compare chart's labels, as the compare table writes them).
fn percentage_points(change: f64) -> String {
    format!("{:+.2} pts", 100.0 * change)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::BoundaryCurve;
    use crate::report::{CompareRow, VariantOdds};
    use crate::vocabulary::{Family, GameRef};

    fn farkle() -> GameRef {
        GameRef {
            id: "farkle".into(),
            title: "Farkle (base rules)".into(),
            family: Family::PushLuck,
            options: vec![],
            rules_file: None,
        }
    }

    /// The value of attribute `name` in an SVG element's opening tag.
    fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
        let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        Some(&tag[start..start + tag[start..].find('"')?])
    }

    /// Every unrotated text of `svg` lies inside the picture's width, by a
    /// generous estimate of its width (0.64 em a character: DejaVu Sans'
    /// digits are 0.636 em, most letters narrower).
    fn texts_fit(svg: &str) {
        let width: f64 = attribute(svg, "width").unwrap().parse().unwrap();
        let mut seen = 0;
        for part in svg.split("<text").skip(1) {
            let (tag, rest) = part.split_once('>').unwrap();
            if tag.contains("transform=") {
                continue;
            }
            let text = rest.split("</text>").next().unwrap().trim();
            let x: f64 = attribute(tag, "x").unwrap().parse().unwrap();
            let size: f64 = attribute(tag, "font-size").unwrap().parse().unwrap();
            let w = 0.64 * size * text.chars().count() as f64;
            let (left, right) = match attribute(tag, "text-anchor") {
                Some("middle") => (x - w / 2.0, x + w / 2.0),
                Some("end") => (x - w, x),
                _ => (x, x + w),
            };
            assert!(left >= 0.0 && right <= width, "`{text}` spans {left:.0}..{right:.0} of a width {width}");
            seen += 1;
        }
        assert!(seen > 10, "{seen} texts");
    }

    /// The summary of several reviews: one loss and one luck line per
    /// player, labels inside, the games numbered on the axis.
    #[test]
    fn the_review_summary_draws_each_players_loss_and_luck() {
        use crate::report::{GameSummary, PlayerReview, PlayerSummary, ReviewSummary};
        use crate::vocabulary::Thresholds;
        let player = |name: &str, mean_loss: f64, luck: f64| PlayerReview {
            player: name.into(),
            decisions: 30,
            forced: 0,
            doubtful: 1,
            mistakes: 1,
            blunders: 0,
            total_loss: 30.0 * mean_loss,
            mean_loss,
            total_points_loss: Some(100.0),
            rating: Some("casual"),
            start: 0.5,
            luck,
            gifts: 0.0,
            result: 1.0,
            luck_adjusted: 1.0 - luck,
        };
        let games: Vec<GameSummary> = (0..3)
            .map(|k| GameSummary {
                file: format!("g{k}.rec"),
                game: farkle(),
                turns_played: 30,
                finished: true,
                winners: vec!["ann".into()],
                players: vec![player("ann", 0.01 * f64::from(k), 0.1), player("bob", 0.002, -0.1)],
            })
            .collect();
        let players = ["ann", "bob"].iter().map(|n| PlayerSummary { games: 3, totals: player(n, 0.01, 0.0) }).collect();
        let r = ReviewSummary {
            objective: Objective::Win,
            thresholds: Thresholds { doubtful: 0.2, mistake: 1.0, blunder: 4.0 },
            games,
            players,
        };
        let svg = draw_review_summary(&r).unwrap();
        texts_fit(&svg);
        assert!(svg.contains("3 games reviewed") && svg.contains("luck (pp of P(win))"), "{svg}");
        // Each player in both panels' legends, each game on both x axes.
        for name in ["ann", "bob"] {
            assert_eq!(svg.matches(&format!(">\n{name}\n</text>")).count(), 2, "{name}");
        }
        assert_eq!(svg.matches(">\n3\n</text>").count(), 2, "{svg}");
    }

    /// The x axis ends at 10000: its last tick label is not cut off.
    #[test]
    fn the_bank_boundary_keeps_its_labels_inside() {
        let curve = |opponent: i64, lift: i64| BoundaryCurve {
            opponent,
            points: (0..100).map(|i| (i * 100, Some(1000 - 8 * i + lift))).collect(),
        };
        let b = BankBoundary {
            game: farkle(),
            dice: 3,
            rolls_made: 1,
            step: 100,
            curves: vec![curve(0, 0), curve(5000, 100), curve(9000, 200)],
        };
        let svg = draw_bank_boundary(&b).unwrap();
        assert!(svg.contains(">\n10000\n</text>"), "the axis reaches 10000");
        texts_fit(&svg);
        let scores: Vec<i64> = (0..50).map(|i| i * 200).collect();
        let k = scores.len();
        let p = (0..k * k).map(|c| ((c / k) as f64 / k as f64 + 0.5 - (c % k) as f64 / k as f64).clamp(0.0, 1.0));
        let m = WinMap { game: farkle(), step: 200, scores, p: p.collect() };
        texts_fit(&draw_win_map(&m).unwrap());
    }

    /// The compare chart has a slot per variant and no empty one: the
    /// bars fill the plotting area from top to bottom; a bar's label gives
    /// the change in percentage points.
    #[test]
    fn the_compare_chart_has_no_empty_row_and_labels_points() {
        let row = |variant: &str, first_wins: f64, base: Option<f64>| CompareRow {
            variant: variant.into(),
            variants: vec![variant.into()],
            game: farkle(),
            odds: Some(VariantOdds {
                first_wins,
                first_wins_change: base.map(|b| first_wins - b),
                facts: None,
                solve_seconds: 0.0,
                estimated_seconds: None,
            }),
            seats: None,
            not_solved: None,
            estimate: None,
            head_starts: None,
            from_start: None,
        };
        let base = 0.5289;
        let r = CompareReport {
            game: farkle(),
            players: 2,
            rows: vec![
                row("base rules", base, None),
                row("vant-hof-6", 0.5230, Some(base)),
                row("piggyback", 0.5295, Some(base)),
                row("three-farkle-penalty", 0.5281, Some(base)),
            ],
            seconds: 0.0,
        };
        let svg = draw_compare(&r).unwrap();
        texts_fit(&svg);
        assert!(svg.contains("52.30% (-0.59 pts)") && svg.contains("52.95% (+0.06 pts)"), "{svg}");
        // The base rules' dashed line runs from the top of the plotting
        // area to its bottom (its dashes are vertical, the key's line is not).
        let ys = |colour: &str, tag: &str| -> Vec<f64> {
            svg.split(&format!("<{tag} "))
                .skip(1)
                .map(|t| t.split('>').next().unwrap())
                .filter(|t| t.contains(colour))
                .flat_map(|t| match tag {
                    "polyline" => {
                        let points: Vec<(&str, f64)> = attribute(t, "points")
                            .unwrap()
                            .split_whitespace()
                            .map(|p| p.split_once(',').map(|(x, y)| (x, y.parse().unwrap())).unwrap())
                            .collect();
                        let vertical = points.iter().all(|p| p.0 == points[0].0);
                        if vertical {
                            points.iter().map(|p| p.1).collect()
                        } else {
                            vec![]
                        }
                    }
                    _ => {
                        let y: f64 = attribute(t, "y").unwrap().parse().unwrap();
                        vec![y, y + attribute(t, "height").unwrap().parse::<f64>().unwrap()]
                    }
                })
                .collect()
        };
        let line = ys("#D66027", "polyline");
        let (top, bottom) = (line.iter().copied().fold(f64::MAX, f64::min), line.iter().copied().fold(0.0, f64::max));
        let mut bars = ys("#D66027", "rect");
        bars.extend(ys("#4274B5", "rect"));
        assert_eq!(bars.len(), 8, "four bars");
        let (first, last) = (bars.iter().copied().fold(f64::MAX, f64::min), bars.iter().copied().fold(0.0, f64::max));
        let slot = (bottom - top) / 4.0;
        assert!(first - top < slot / 2.0, "the top bar starts at {first}, the plotting area at {top}");
        assert!(bottom - last < slot / 2.0, "the bottom bar ends at {last}, the plotting area at {bottom}");
    }
}
