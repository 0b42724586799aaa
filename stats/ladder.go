package stats

import (
	"fmt"
	"math"
)

// Result is the score of one player against another over some games.
type Result struct {
	A, B                string
	Wins, Draws, Losses int // from A's view
}

// Rating is a player's place on a fitted scale.
type Rating struct {
	Name   string
	Elo    float64
	Margin float64 // half the 95% interval; 0 for the anchor
}

// FitRatings places players on one Elo scale from the results of matches
// between pairs of them (the Bradley–Terry model with the logistic Elo
// curve, draws counting half, fitted by maximum likelihood with Newton's
// method). The anchor is fixed at 0; the margins come from the inverse of
// the Fisher information. Every player must be connected to the anchor
// through results, and a player who won or lost every game has no finite
// rating: both are errors.
func FitRatings(results []Result, anchor string) ([]Rating, error) {
	index := map[string]int{anchor: 0}
	names := []string{anchor}
	for _, r := range results {
		for _, n := range []string{r.A, r.B} {
			if _, ok := index[n]; !ok {
				index[n] = len(names)
				names = append(names, n)
			}
		}
	}
	n := len(names)
	if n < 2 {
		return nil, fmt.Errorf("no results")
	}
	// Scores and games per player, for the all-wins check.
	score, games := make([]float64, n), make([]float64, n)
	for _, r := range results {
		g := float64(r.Wins + r.Draws + r.Losses)
		s := float64(r.Wins) + float64(r.Draws)/2
		score[index[r.A]] += s
		score[index[r.B]] += g - s
		games[index[r.A]] += g
		games[index[r.B]] += g
	}
	for i := range names {
		if games[i] == 0 {
			return nil, fmt.Errorf("%s has no games", names[i])
		}
		if score[i] == 0 || score[i] == games[i] {
			return nil, fmt.Errorf("%s scored %g of %g: no finite rating", names[i], score[i], games[i])
		}
	}
	const k = math.Ln10 / 400 // d/dElo of the logistic's exponent
	r := make([]float64, n)   // ratings; r[0] = 0 stays fixed
	var info [][]float64
	for iter := 0; iter < 100; iter++ {
		grad := make([]float64, n)
		info = make([][]float64, n)
		for i := range info {
			info[i] = make([]float64, n)
		}
		for _, res := range results {
			a, b := index[res.A], index[res.B]
			g := float64(res.Wins + res.Draws + res.Losses)
			s := float64(res.Wins) + float64(res.Draws)/2
			p := 1 / (1 + math.Exp(-k*(r[a]-r[b])))
			grad[a] += k * (s - g*p)
			grad[b] -= k * (s - g*p)
			w := k * k * g * p * (1 - p)
			info[a][a] += w
			info[b][b] += w
			info[a][b] -= w
			info[b][a] -= w
		}
		// Newton step on the free ratings 1..n-1.
		sub := make([][]float64, n-1)
		for i := range sub {
			sub[i] = info[i+1][1:]
		}
		inv, err := invert(sub)
		if err != nil {
			return nil, fmt.Errorf("the results do not connect every player to %s", anchor)
		}
		moved := 0.0
		for i := 1; i < n; i++ {
			step := 0.0
			for j := 1; j < n; j++ {
				step += inv[i-1][j-1] * grad[j]
			}
			r[i] += step
			moved = max(moved, math.Abs(step))
		}
		if moved < 1e-9 {
			break
		}
	}
	sub := make([][]float64, n-1)
	for i := range sub {
		sub[i] = info[i+1][1:]
	}
	inv, err := invert(sub)
	if err != nil {
		return nil, fmt.Errorf("the results do not connect every player to %s", anchor)
	}
	out := make([]Rating, n)
	out[0] = Rating{Name: anchor}
	for i := 1; i < n; i++ {
		out[i] = Rating{Name: names[i], Elo: r[i], Margin: 1.959964 * math.Sqrt(inv[i-1][i-1])}
	}
	return out, nil
}

// invert returns the inverse of a square matrix by Gauss–Jordan
// elimination with partial pivoting.
func invert(m [][]float64) ([][]float64, error) {
	n := len(m)
	a := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, 2*n)
		copy(a[i], m[i])
		a[i][n+i] = 1
	}
	for c := 0; c < n; c++ {
		p := c
		for i := c + 1; i < n; i++ {
			if math.Abs(a[i][c]) > math.Abs(a[p][c]) {
				p = i
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return nil, fmt.Errorf("singular matrix")
		}
		a[c], a[p] = a[p], a[c]
		for i := 0; i < n; i++ {
			if i == c {
				continue
			}
			f := a[i][c] / a[c][c]
			for j := c; j < 2*n; j++ {
				a[i][j] -= f * a[c][j]
			}
		}
	}
	inv := make([][]float64, n)
	for i := range inv {
		inv[i] = make([]float64, n)
		for j := range inv[i] {
			inv[i][j] = a[i][n+j] / a[i][i]
		}
	}
	return inv, nil
}
