//! The distribution of a final score: P(final ≥ s) over the scores, one
//! line per play (the best first), in percent.

use plotters::prelude::*;

use super::{err, legend, svg, PictureError, FONT, LINE_KINDS, RIGHT_MARGIN};
use crate::report::{CategoryAdvice, ScoreDistribution, TableReport};

/// The most plays one picture shows (more lines would not be told apart).
const PLAYS_SHOWN: usize = LINE_KINDS.len();

/// An advice's distributions: every alternative that has one (at most
/// [`PLAYS_SHOWN`], best first), else the one of the sheet before the turn.
pub(super) fn draw_advice_distribution(r: &CategoryAdvice) -> Result<String, PictureError> {
    let mut lines: Vec<(String, &ScoreDistribution)> = r
        .alternatives
        .iter()
        .filter_map(|a| a.distribution.as_ref().map(|d| (a.description.clone(), d)))
        .take(PLAYS_SHOWN)
        .collect();
    if lines.is_empty() {
        let Some(d) = &r.distribution else {
            return Err(PictureError("the advice has no distribution (ask for it with --distribution)".into()));
        };
        lines.push(("the sheet, before the turn".into(), d));
    }
    draw(&format!("{}: chance of each final score", r.game.title), &r.situation, &lines)
}

/// A distribution table's distribution from the empty sheet.
pub(super) fn draw_table_distribution(r: &TableReport) -> Result<String, PictureError> {
    let Some(facts) = &r.distribution else {
        return Err(PictureError("the table has no distribution (see info --distribution)".into()));
    };
    let title = format!("{}: chance of each final score", r.solved.game.title);
    let from = "from the empty sheet, playing for the best expected score";
    draw(&title, from, &[("from the empty sheet".into(), &facts.start)])
}

/// P(final ≥ s) per play (above); with several plays, each one's
/// difference from the first (below), where close plays are told apart.
fn draw(title: &str, subtitle: &str, lines: &[(String, &ScoreDistribution)]) -> Result<String, PictureError> {
    let several = lines.len() > 1;
    svg((900, if several { 860 } else { 560 }), |root| {
        let lowest = lines.iter().map(|(_, d)| d.lowest).min().unwrap_or(0);
        let highest = lines.iter().map(|(_, d)| d.highest).max().unwrap_or(1);
        // The long tails carry chances too small to see: the x axis spans
        // from the lowest 0.1% to the highest 0.1% of any play.
        let from = lines.iter().map(|(_, d)| quantile_score(d, 0.001)).min().unwrap_or(lowest);
        let to = lines.iter().map(|(_, d)| quantile_score(d, 0.999)).max().unwrap_or(highest).max(from + 1);
        let (area, foot) = root.split_vertically(if several { 830 } else { 530 });
        foot.draw(&Text::new(subtitle.to_string(), (16, 6), (FONT, 13))).map_err(err)?;
        let (upper, lower) = area.split_vertically(if several { 520 } else { 530 });
        let mut chart = ChartBuilder::on(&upper)
            .caption(title, (FONT, 22))
            .margin(16)
            .margin_right(RIGHT_MARGIN)
            .x_label_area_size(50)
            .y_label_area_size(80)
            .build_cartesian_2d(from..to, 0.0..100.0)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("final score s (points)")
            .y_desc("P(final score ≥ s) (%)")
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 16))
            .draw()
            .map_err(err)?;
        for (i, (label, d)) in lines.iter().enumerate() {
            let points: Vec<(u32, f64)> = (from..=to).map(|s| (s, 100.0 * d.chance_at_least(s))).collect();
            let text = format!("{label}: mean {:.2}, sd {:.2}", d.mean, d.sd);
            line(&mut chart, i, points, Some(text))?;
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        if !several {
            return Ok(());
        }
        let best = lines[0].1;
        let gap = |d: &ScoreDistribution, s: u32| 100.0 * (d.chance_at_least(s) - best.chance_at_least(s));
        let widest = lines[1..]
            .iter()
            .flat_map(|(_, d)| (from..=to).map(move |s| gap(d, s).abs()))
            .fold(0.0f64, f64::max)
            .max(1e-6);
        let mut diff = ChartBuilder::on(&lower)
            .margin(16)
            .margin_right(RIGHT_MARGIN)
            .x_label_area_size(50)
            .y_label_area_size(80)
            .build_cartesian_2d(from..to, -1.1 * widest..1.1 * widest)
            .map_err(err)?;
        diff.configure_mesh()
            .x_desc("final score s (points)")
            .y_desc("P(≥ s) minus the first play's (pp)")
            .label_style((FONT, 14))
            .axis_desc_style((FONT, 16))
            .draw()
            .map_err(err)?;
        for (i, (_, d)) in lines.iter().enumerate() {
            line(&mut diff, i, (from..=to).map(|s| (s, gap(d, s))).collect(), None)?;
        }
        Ok(())
    })
}

/// Line `i` of a chart in its colour and dash pattern (the legend draws
/// two strokes of it), labelled when `label` is given.
fn line<'a, CT>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, CT>,
    i: usize,
    points: Vec<(u32, f64)>,
    label: Option<String>,
) -> Result<(), PictureError>
where
    CT: plotters::coord::CoordTranslate<From = (u32, f64)>,
{
    let colour = Palette99::pick(i).to_rgba();
    let (dash, gap, _) = LINE_KINDS[i % LINE_KINDS.len()];
    let style = colour.stroke_width(2);
    let series = if gap == 0 {
        chart.draw_series(LineSeries::new(points, style)).map_err(err)?
    } else {
        chart.draw_series(DashedLineSeries::new(points, dash, gap, style)).map_err(err)?
    };
    if let Some(text) = label {
        series.label(text).legend(move |(x, y)| {
            let (d, g) = if gap == 0 { (10, 0) } else { (dash.min(9) as i32, gap.min(5) as i32) };
            EmptyElement::at((x, y))
                + PathElement::new(vec![(0, 0), (d, 0)], colour.stroke_width(3))
                + PathElement::new(vec![(d + g, 0), (2 * d + g, 0)], colour.stroke_width(3))
        });
    }
    Ok(())
}

/// The lowest score `s` with P(final ≤ s) ≥ `share`.
fn quantile_score(d: &ScoreDistribution, share: f64) -> u32 {
    (d.lowest..=d.highest).find(|&s| d.chance_at_least(s + 1) <= 1.0 - share).unwrap_or(d.highest)
}
