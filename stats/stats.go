// Package stats computes the statistics of an engine match: score, Elo
// difference with its confidence margin, likelihood of superiority, the
// pentanomial (game-pair) Elo and normalized Elo, and the sequential
// probability ratio test (SPRT) that decides when a match has shown enough.
//
// The numbers follow the conventions of the two common match runners, so
// results can be compared line by line:
//
//   - the trinomial Elo, its margin, LOS and the two summary lines are those
//     cutechess-cli prints at the end of a match;
//   - the pentanomial Elo, normalized Elo and the SPRT log-likelihood ratio
//     are computed as fastchess does (the SPRT being the generalized SPRT
//     with the normal approximation that fastchess and OpenBench use).
//
// Every result is from the point of view of the first engine ("A"): a
// positive Elo means A is stronger.
//
// Degenerate tallies never produce NaN or ±Inf. Where the reference tools
// would print "nan" or "inf" (no games, every game won, every game lost, a
// confidence bound past a perfect score) this package returns documented
// finite values instead; see Tally.Elo, Tally.LOS, Tally.PentaElo,
// Tally.NormalizedElo and, for the SPRT of a tally with no spread at all,
// SPRT.LLR. (An SPRT with out-of-range parameters is another matter:
// check it with SPRT.Validate.)
package stats

import (
	"fmt"
	"math"
)

// Outcome is the result of one game from the first engine's point of view.
// Its value is the number of half points the first engine scored.
type Outcome int

// The three outcomes of a game.
const (
	Loss Outcome = 0
	Draw Outcome = 1
	Win  Outcome = 2
)

// String returns "win", "draw" or "loss".
func (o Outcome) String() string {
	switch o {
	case Win:
		return "win"
	case Draw:
		return "draw"
	case Loss:
		return "loss"
	}
	return fmt.Sprintf("Outcome(%d)", int(o))
}

// Valid reports whether o is one of Win, Draw and Loss.
func (o Outcome) Valid() bool { return o == Win || o == Draw || o == Loss }

// Tally counts game results and colour-swapped game pairs of a match
// between engine A and engine B, from A's point of view. The zero value is
// an empty tally.
//
// Wins, Draws and Losses count every game, paired or not. Penta counts the
// pairs only: Penta[i] is the number of pairs in which A scored i half
// points, so
//
//	Penta[0]  LL          A scored 0 of 2
//	Penta[1]  LD          A scored 1/2
//	Penta[2]  WL or DD    A scored 1
//	Penta[3]  WD          A scored 3/2
//	Penta[4]  WW          A scored 2
type Tally struct {
	Wins, Draws, Losses int
	Penta               [5]int
}

// Add counts one game. It panics if o is not Win, Draw or Loss.
func (t *Tally) Add(o Outcome) {
	switch o {
	case Win:
		t.Wins++
	case Draw:
		t.Draws++
	case Loss:
		t.Losses++
	default:
		panic(fmt.Sprintf("stats: invalid %v", o))
	}
}

// AddPair counts a colour-swapped pair of games: both games go into Wins,
// Draws and Losses, and the pair into Penta. It panics if either outcome is
// not Win, Draw or Loss.
func (t *Tally) AddPair(first, second Outcome) {
	if !first.Valid() || !second.Valid() {
		panic(fmt.Sprintf("stats: invalid pair (%v, %v)", first, second))
	}
	t.Add(first)
	t.Add(second)
	t.Penta[int(first)+int(second)]++
}

// Games returns the number of games counted.
func (t Tally) Games() int { return t.Wins + t.Draws + t.Losses }

// Pairs returns the number of game pairs counted.
func (t Tally) Pairs() int {
	n := 0
	for _, c := range t.Penta {
		n += c
	}
	return n
}

// Score returns A's score fraction (W + D/2) / N. With no games it returns
// 0.5, the score that carries no information either way.
func (t Tally) Score() float64 {
	n := t.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(t.Wins) + float64(t.Draws)/2) / float64(n)
}

// DrawRatio returns the fraction of games drawn, 0 with no games.
func (t Tally) DrawRatio() float64 {
	n := t.Games()
	if n == 0 {
		return 0
	}
	return float64(t.Draws) / float64(n)
}

// Elo returns the Elo difference of A over B from the trinomial (win, draw,
// loss) model and the half-width of its 95% confidence interval, as
// cutechess-cli computes them:
//
//	s      = (W + D/2) / N                          the score
//	var    = (W(1−s)² + D(½−s)² + L(0−s)²) / N      per-game variance
//	σ      = √(var / N)                             standard error of s
//	elo    = E(s),  E(p) = −400·log10(1/p − 1)
//	margin = (E(s + zσ) − E(s − zσ)) / 2
//
// with z the 97.5% quantile of the standard normal distribution. Like
// cutechess-cli, z comes from an approximate inverse error function
// (Winitzki's formula, z ≈ 1.95716 rather than 1.95996) so that the margin
// matches cutechess-cli's digit for digit; see Z95Cutechess.
//
// Degenerate tallies: no games gives (0, 0). Otherwise the score, and each
// end of the interval, are clamped to [1/(2N), 1 − 1/(2N)] before being
// converted, and the variance is taken about the clamped score. The clamp
// changes nothing unless every game was won or every game was lost (any
// other score is a multiple of 1/(2N) strictly inside (0, 1)) or an end of
// the interval falls outside (0, 1). So a perfect score is rated as if half
// a point had been conceded (W=N: s = 1 − 1/(2N)), and a single game, whose
// clamp range is the one point {1/2}, gives (0, 0) whatever its result.
func (t Tally) Elo() (elo, margin float64) {
	n := t.Games()
	if n == 0 {
		return 0, 0
	}
	N := float64(n)
	lo, hi := 1/(2*N), 1-1/(2*N)
	s := clamp(t.Score(), lo, hi)
	w, d, l := float64(t.Wins)/N, float64(t.Draws)/N, float64(t.Losses)/N
	variance := w*sq(1-s) + d*sq(0.5-s) + l*sq(0-s)
	sigma := math.Sqrt(variance / N)
	upper := clamp(s+Z95Cutechess*sigma, lo, hi)
	lower := clamp(s-Z95Cutechess*sigma, lo, hi)
	return ScoreToElo(s), (ScoreToElo(upper) - ScoreToElo(lower)) / 2
}

// LOS returns the likelihood of superiority, the probability that A is
// stronger than B given the decisive games, in [0, 1]:
//
//	LOS = ½·erfc(−(W − L) / √(2(W + L)))
//
// (the same as cutechess-cli's ½ + ½·erf(…)). Draws carry no information
// here; with no decisive game LOS is 0.5.
func (t Tally) LOS() float64 {
	decisive := t.Wins + t.Losses
	if decisive == 0 {
		return 0.5
	}
	x := float64(t.Wins-t.Losses) / math.Sqrt(2*float64(decisive))
	return 0.5 * math.Erfc(-x)
}

// PentaElo returns the Elo difference estimated from the pentanomial
// counts and the half-width of its 95% confidence interval, as fastchess
// computes them. Each pair is one sample with score a_i = i/4 (A's points
// in the pair divided by 2) and frequency p_i = Penta[i]/P over P pairs:
//
//	s      = Σ p_i a_i                  mean pair score (per game)
//	var    = Σ p_i (a_i − s)²           per-pair variance
//	σ      = √(var / P)
//	elo    = E(s)
//	margin = (E(s + zσ) − E(s − zσ)) / 2,   z = 1.959963984540054
//
// where E is ScoreToElo. Unlike the trinomial variance, the pentanomial one
// accounts for the correlation between the two games of a pair (same
// opening, colours swapped).
//
// ok is false when there are no pairs (and elo, margin are 0). Degenerate
// tallies are clamped as in Elo, with N = 2P games: the score and the
// interval's ends are kept within [1/(4P), 1 − 1/(4P)], which only matters
// when every pair was won twice (or lost twice) or an end of the interval
// falls outside (0, 1).
func (t Tally) PentaElo() (elo, margin float64, ok bool) {
	pairs := t.Pairs()
	if pairs == 0 {
		return 0, 0, false
	}
	P := float64(pairs)
	mean, variance := pentaMoments(t.Penta)
	lo, hi := 1/(4*P), 1-1/(4*P)
	s := clamp(mean, lo, hi)
	// Σ p_i (a_i − s)² = var + (mean − s)²: the variance about the
	// clamped score.
	variance += sq(mean - s)
	sigma := math.Sqrt(variance / P)
	upper := clamp(s+Z95*sigma, lo, hi)
	lower := clamp(s-Z95*sigma, lo, hi)
	return ScoreToElo(s), (ScoreToElo(upper) - ScoreToElo(lower)) / 2, true
}

// NormalizedElo returns the normalized Elo (nElo) of A over B from the
// pentanomial distribution and the half-width of its 95% confidence
// interval, as fastchess reports them:
//
//	nelo   = (s − ½) / √(2·var) · 800/ln 10
//	margin = z·√(var/P) / √(2·var) · 800/ln 10  =  z / √(2P) · 800/ln 10
//
// with s, var and P as in PentaElo. nElo measures the score excess in
// units of its own standard deviation (per game, hence the √2: a pair is
// two games), so it does not depend on the draw rate the way Elo does. Its
// margin depends only on the number of pairs.
//
// ok is false, with nelo and margin 0, when there are no pairs or when
// every pair has the same score (zero variance: nElo is undefined).
func (t Tally) NormalizedElo() (nelo, margin float64, ok bool) {
	pairs := t.Pairs()
	if pairs == 0 {
		return 0, 0, false
	}
	mean, variance := pentaMoments(t.Penta)
	if variance <= 0 {
		return 0, 0, false
	}
	scale := 800 / math.Ln10 / math.Sqrt(2*variance)
	sigma := math.Sqrt(variance / float64(pairs))
	return (mean - 0.5) * scale, Z95 * sigma * scale, true
}

// Z95 is the 97.5% quantile of the standard normal distribution: a 95%
// two-sided interval is ±Z95 standard deviations.
const Z95 = 1.959963984540054

// Z95Cutechess is the 97.5% normal quantile as cutechess-cli obtains it:
// √2·erfinv(0.95) with Winitzki's approximation of erfinv (see
// approxErfinv), about 0.14% below Z95. Tally.Elo uses it so that its
// margin agrees with the one cutechess-cli prints.
const Z95Cutechess = 1.9571619316560245

// approxErfinv is Winitzki's closed-form approximation of the inverse error
// function, with cutechess-cli's value of π (3.1415926535897):
//
//	erfinv(x) ≈ sgn(x)·√(√((2/(πa) + ln(1−x²)/2)² − ln(1−x²)/a) − (2/(πa) + ln(1−x²)/2))
func approxErfinv(x float64) float64 {
	const pi = 3.1415926535897
	a := 8 * (pi - 3) / (3 * pi * (4 - pi))
	y := math.Log(1 - x*x)
	z := 2/(pi*a) + y/2
	r := math.Sqrt(math.Sqrt(z*z-y/a) - z)
	if x < 0 {
		return -r
	}
	return r
}

// ScoreToElo converts an expected score p in (0, 1) to a logistic Elo
// difference, −400·log10(1/p − 1) = 400·log10(p / (1 − p)). A score of 0.5
// gives +0.
func ScoreToElo(p float64) float64 {
	return 400 * math.Log10(p/(1-p))
}

// EloToScore converts a logistic Elo difference to the expected score,
// 1 / (1 + 10^(−elo/400)).
func EloToScore(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// pentaMoments returns the mean and the variance of the pair score (i/4
// for Penta[i]) over the counted pairs; both are 0 with no pairs.
func pentaMoments(penta [5]int) (mean, variance float64) {
	counts := make([]float64, len(penta))
	for i, c := range penta {
		counts[i] = float64(c)
	}
	return moments(counts, pentaScores[:])
}

// Scores of the classes of the two models, per game.
var (
	pentaScores = [5]float64{0, 0.25, 0.5, 0.75, 1}
	trinoScores = [3]float64{0, 0.5, 1} // loss, draw, win
)

// moments returns the mean and the (population) variance of the
// distribution that gives score scores[i] the weight counts[i]; both are 0
// when the counts sum to zero.
func moments(counts, scores []float64) (mean, variance float64) {
	total := 0.0
	for i, c := range counts {
		total += c
		mean += c * scores[i]
	}
	if total <= 0 {
		return 0, 0
	}
	mean /= total
	for i, c := range counts {
		variance += c / total * sq(scores[i]-mean)
	}
	return mean, variance
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

func sq(x float64) float64 { return x * x }
