package stats

import (
	"errors"
	"fmt"
	"math"
	"strconv"
)

// SPRT is a sequential probability ratio test of H0: "A is Elo0 stronger
// than B" against H1: "A is Elo1 stronger", both in logistic Elo, with
// false-positive rate Alpha (accepting H1 when H0 holds) and
// false-negative rate Beta. A typical gainer test is {0, 5, 0.05, 0.05}.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
}

// Validate reports whether the test is well formed: Elo0 < Elo1, both
// finite, Alpha and Beta in (0, 1) and Alpha + Beta < 1. The other methods
// assume a valid test.
func (s SPRT) Validate() error {
	switch {
	case math.IsNaN(s.Elo0) || math.IsInf(s.Elo0, 0) || math.IsNaN(s.Elo1) || math.IsInf(s.Elo1, 0):
		return errors.New("stats: SPRT elo0 and elo1 must be finite")
	case !(s.Elo0 < s.Elo1):
		return fmt.Errorf("stats: SPRT elo0 (%g) must be less than elo1 (%g)", s.Elo0, s.Elo1)
	case !(s.Alpha > 0 && s.Alpha < 1):
		return fmt.Errorf("stats: SPRT alpha (%g) must be in (0, 1)", s.Alpha)
	case !(s.Beta > 0 && s.Beta < 1):
		return fmt.Errorf("stats: SPRT beta (%g) must be in (0, 1)", s.Beta)
	case !(s.Alpha+s.Beta < 1):
		return fmt.Errorf("stats: SPRT alpha + beta (%g) must be less than 1", s.Alpha+s.Beta)
	}
	return nil
}

// Bounds returns Wald's stopping bounds for the log-likelihood ratio:
// lower = ln(β/(1−α)), upper = ln((1−β)/α). For α = β = 0.05 they are
// ∓ln 19 ≈ ∓2.944.
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// Pseudo-counts given to the empty classes of the distribution in LLR.
// Like fastchess and OpenBench, an empty class counts as 0.001 of a sample,
// which keeps a lopsided tally (no losses, say) well defined and changes
// its LLR negligibly. When every sample falls in one class, though, that
// pseudo-count would be the only spread left: the variance would be of the
// order of 0.001/n and the LLR would leap past the bounds after two or
// three games (two straight wins "proving" H1). In that case the empty
// classes count as half a sample each instead, as if each other result had
// been seen half a time. With elo0 = 0 and elo1 = 5 an unbroken run of wins
// then accepts H1 after 23 games, against 15 for fourteen wins and a draw.
const (
	regularization    = 1e-3
	singleClassPseudo = 0.5
)

// LLR returns the log-likelihood ratio of H1 against H0 for the tally,
// from the generalized SPRT with the normal approximation (fastchess,
// OpenBench). With the samples' empirical mean score ŝ and per-sample
// variance σ² over n samples, and sⱼ = EloToScore(Eloⱼ),
//
//	LLR = n · (s1 − s0) · (2ŝ − s0 − s1) / (2σ²)
//
// which is the log ratio of two normal likelihoods with means s1 and s0
// and the common variance σ²/n. LLR grows when ŝ is above the midpoint
// (s0 + s1)/2 and falls when it is below.
//
// When the tally has pairs, the samples are the pairs (pentanomial model,
// scores 0, ¼, ½, ¾, 1, n = pairs) and games counted outside pairs are
// ignored; otherwise they are the games (trinomial model, scores 0, ½, 1,
// n = games). Empty classes get pseudo-counts, which are added to n too
// (0.001, or ½ when all samples share one class; see regularization); a
// tally with every class present is unaffected. With no games LLR is 0.
func (s SPRT) LLR(t Tally) float64 {
	var counts, scores []float64
	switch {
	case t.Pairs() > 0:
		counts = make([]float64, len(t.Penta))
		for i, c := range t.Penta {
			counts[i] = float64(c)
		}
		scores = pentaScores[:]
	case t.Games() > 0:
		counts = []float64{float64(t.Losses), float64(t.Draws), float64(t.Wins)}
		scores = trinoScores[:]
	default:
		return 0
	}
	occupied := 0
	for _, c := range counts {
		if c > 0 {
			occupied++
		}
	}
	pseudo := regularization
	if occupied == 1 {
		pseudo = singleClassPseudo
	}
	n := 0.0
	for i, c := range counts {
		if c <= 0 {
			counts[i] = pseudo
		}
		n += counts[i]
	}
	mean, variance := moments(counts, scores)
	s0, s1 := EloToScore(s.Elo0), EloToScore(s.Elo1)
	return n * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
}

// Decide returns the test's decision for the tally and its LLR: −1 when
// LLR ≤ lower (accept H0), +1 when LLR ≥ upper (accept H1), 0 otherwise
// (continue playing).
func (s SPRT) Decide(t Tally) (decision int, llr float64) {
	llr = s.LLR(t)
	lower, upper := s.Bounds()
	switch {
	case llr >= upper:
		return 1, llr
	case llr <= lower:
		return -1, llr
	}
	return 0, llr
}

// Line formats the SPRT status line as cutechess-cli prints it, e.g.
//
//	SPRT: llr 1.23 (41.8%), lbound -2.94, ubound 2.94
//
// The LLR and the bounds have three significant digits (printf's %.3g),
// the percentage is LLR / upper · 100 with one decimal, and a decided test
// ends in " - H0 was accepted" or " - H1 was accepted".
func (s SPRT) Line(t Tally) string {
	decision, llr := s.Decide(t)
	lower, upper := s.Bounds()
	line := fmt.Sprintf("SPRT: llr %s (%.1f%%), lbound %s, ubound %s",
		sig3(llr), noNegZero(llr/upper*100), sig3(lower), sig3(upper))
	switch decision {
	case -1:
		line += " - H0 was accepted"
	case 1:
		line += " - H1 was accepted"
	}
	return line
}

// sig3 formats x with three significant digits like printf's %.3g.
func sig3(x float64) string {
	return strconv.FormatFloat(noNegZero(x), 'g', 3, 64)
}

// noNegZero turns −0 into +0, so that it prints as "0".
func noNegZero(x float64) float64 {
	if x == 0 {
		return 0
	}
	return x
}
