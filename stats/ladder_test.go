package stats

import (
	"math"
	"strings"
	"testing"
)

// Two players: the fit is the single match's Elo, and its margin the
// binomial one.
func TestFitRatingsTwoPlayers(t *testing.T) {
	rs, err := FitRatings([]Result{{A: "b", B: "a", Wins: 75, Losses: 25}}, "a")
	if err != nil {
		t.Fatal(err)
	}
	want := -400 * math.Log10(1/0.75-1) // 190.85
	if len(rs) != 2 || rs[0].Name != "a" || rs[0].Elo != 0 || math.Abs(rs[1].Elo-want) > 1e-6 {
		t.Errorf("ratings %+v, want b at %.2f", rs, want)
	}
	// The delta method: 1.96·sqrt(p(1-p)/n)/(k·p(1-p)).
	k := math.Ln10 / 400
	margin := 1.959964 / math.Sqrt(k*k*100*0.75*0.25)
	if math.Abs(rs[1].Margin-margin) > 1e-6 {
		t.Errorf("margin %.3f, want %.3f", rs[1].Margin, margin)
	}
}

// A chain of players with known logistic scores is recovered; results
// reversed from the other side give the same fit.
func TestFitRatingsChain(t *testing.T) {
	res := []Result{
		{A: "l0", B: "random", Wins: 90, Losses: 10}, // +381.7
		{A: "l5", B: "l0", Wins: 76, Losses: 24},     // +199.9
		{A: "l5", B: "l10", Wins: 30, Draws: 0, Losses: 70},
	}
	rs, err := FitRatings(res, "random")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, r := range rs {
		got[r.Name] = r.Elo
	}
	l0 := -400 * math.Log10(1/0.9-1)
	l5 := l0 - 400*math.Log10(1/0.76-1)
	l10 := l5 + 400*math.Log10(0.7/0.3)
	for name, want := range map[string]float64{"l0": l0, "l5": l5, "l10": l10} {
		if math.Abs(got[name]-want) > 1e-6 {
			t.Errorf("%s at %.2f, want %.2f", name, got[name], want)
		}
	}
}

func TestFitRatingsErrors(t *testing.T) {
	for _, tc := range []struct {
		res  []Result
		want string
	}{
		{nil, "no results"},
		{[]Result{{A: "x", B: "a", Wins: 10}}, "no finite rating"},
		{[]Result{{A: "x", B: "a", Wins: 5, Losses: 5}, {A: "y", B: "z", Wins: 5, Losses: 5}}, "do not connect"},
	} {
		_, err := FitRatings(tc.res, "a")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want %q", tc.res, err, tc.want)
		}
	}
}
