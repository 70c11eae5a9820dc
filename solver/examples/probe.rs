use solver::category::games::sixhundred;
use solver::category::turn::TurnDp;
use solver::category::solve::solve;
use solver::progress::Silent;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let boxes: Vec<&str> = args[1].split('+').collect();
    let t = std::time::Instant::now();
    let g = sixhundred::build_reduced(&boxes, args.len() > 2);
    let dp = TurnDp::new(&g);
    println!("build {:?} states {}", t.elapsed(), dp.index().len());
    let sol = solve(&dp, &Silent);
    println!("expected {:.6} in {:.3}s, {:.2} us/state", sol.expected, sol.seconds, sol.seconds*1e6/dp.index().len() as f64);
}
