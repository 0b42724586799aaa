package stats

import (
	"math"
	"strings"
	"testing"
)

// near fails the test unless got is within tol of want.
func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(got) || math.Abs(got-want) > tol {
		t.Errorf("%s = %.9g, want %.9g (±%g)", what, got, want, tol)
	}
}

// tally builds a tally of unpaired games.
func tally(w, d, l int) Tally { return Tally{Wins: w, Draws: d, Losses: l} }

func TestOutcomeValues(t *testing.T) {
	// An outcome's value is the half points it is worth.
	if Loss != 0 || Draw != 1 || Win != 2 {
		t.Fatalf("Loss, Draw, Win = %d, %d, %d; want 0, 1, 2", Loss, Draw, Win)
	}
	for o, want := range map[Outcome]string{Win: "win", Draw: "draw", Loss: "loss", 7: "Outcome(7)"} {
		if got := o.String(); got != want {
			t.Errorf("Outcome(%d).String() = %q, want %q", int(o), got, want)
		}
	}
	if Outcome(3).Valid() || Outcome(-1).Valid() {
		t.Error("out-of-range outcomes report Valid")
	}
}

func TestAddAndAddPair(t *testing.T) {
	var tl Tally
	tl.Add(Win)
	tl.Add(Draw)
	tl.Add(Loss)
	tl.Add(Win)
	if tl.Wins != 2 || tl.Draws != 1 || tl.Losses != 1 || tl.Games() != 4 || tl.Pairs() != 0 {
		t.Fatalf("after W D L W: %+v, games %d, pairs %d", tl, tl.Games(), tl.Pairs())
	}

	// Every ordered pair lands on index = A's half points in the pair.
	cases := []struct {
		first, second Outcome
		index         int
	}{
		{Loss, Loss, 0},
		{Loss, Draw, 1}, {Draw, Loss, 1},
		{Win, Loss, 2}, {Loss, Win, 2}, {Draw, Draw, 2},
		{Win, Draw, 3}, {Draw, Win, 3},
		{Win, Win, 4},
	}
	for _, c := range cases {
		var p Tally
		p.AddPair(c.first, c.second)
		var want [5]int
		want[c.index] = 1
		if p.Penta != want || p.Games() != 2 || p.Pairs() != 1 {
			t.Errorf("AddPair(%v, %v): penta %v games %d pairs %d; want penta %v, 2 games, 1 pair",
				c.first, c.second, p.Penta, p.Games(), p.Pairs(), want)
		}
		w := int(c.first/2) + int(c.second/2) // Win/2 = 1, Draw/2 = Loss/2 = 0
		d := int(c.first%2) + int(c.second%2) // only Draw is odd
		if p.Wins != w || p.Draws != d || p.Losses != 2-w-d {
			t.Errorf("AddPair(%v, %v): W/D/L %d/%d/%d, want %d/%d/%d",
				c.first, c.second, p.Wins, p.Draws, p.Losses, w, d, 2-w-d)
		}
	}
}

func TestAddPanicsOnInvalidOutcome(t *testing.T) {
	for _, f := range []func(*Tally){
		func(t *Tally) { t.Add(Outcome(5)) },
		func(t *Tally) { t.AddPair(Win, Outcome(-1)) },
		func(t *Tally) { t.AddPair(Outcome(3), Win) },
	} {
		var tl Tally
		func() {
			defer func() {
				if recover() == nil {
					t.Error("invalid outcome did not panic")
				}
			}()
			f(&tl)
		}()
		if tl != (Tally{}) {
			t.Errorf("a rejected outcome changed the tally: %+v", tl)
		}
	}
}

func TestScoreAndDrawRatio(t *testing.T) {
	// W=10 D=5 L=5: (10 + 5/2) / 20 = 12.5/20 = 0.625; draws 5/20 = 0.25.
	tl := tally(10, 5, 5)
	near(t, "Score", tl.Score(), 0.625, 1e-15)
	near(t, "DrawRatio", tl.DrawRatio(), 0.25, 1e-15)

	// No games: the neutral score 0.5 and no draws.
	var empty Tally
	near(t, "empty Score", empty.Score(), 0.5, 0)
	near(t, "empty DrawRatio", empty.DrawRatio(), 0, 0)
}

// The cutechess-cli 97.5% quantile, worked by hand from Winitzki's formula:
//
//	a = 8(π−3) / (3π(4−π))            = 0.14001229
//	y = ln(1 − 0.95²) = ln(0.0975)    = −2.3279029
//	z = 2/(πa) + y/2 = 4.5468850 − 1.1639515 = 3.3829335
//	erfinv(0.95) ≈ √(√(z² − y/a) − z) = √(√(11.444239 + 16.626378) − 3.3829335)
//	             = √(5.2981711 − 3.3829335) = √1.9152376 = 1.3839225
//	z95 = √2 · 1.3839225 = 1.9571619     (the exact quantile is 1.9599640)
func TestZ95Cutechess(t *testing.T) {
	near(t, "Z95Cutechess", Z95Cutechess, 1.9571619, 1e-7)
	near(t, "√2·approxErfinv(0.95)", math.Sqrt2*approxErfinv(0.95), Z95Cutechess, 1e-15)
	near(t, "approxErfinv(−0.95)", approxErfinv(-0.95), -Z95Cutechess/math.Sqrt2, 1e-15)
	near(t, "Z95", Z95, math.Sqrt2*math.Erfinv(0.95), 1e-15)
}

// W=10 D=5 L=5, N=20, by hand:
//
//	s      = 0.625
//	elo    = −400·log10(1/0.625 − 1) = −400·log10(0.6) = −400·(−0.2218487) = 88.7395
//	var    = (10·0.375² + 5·0.125² + 5·0.625²) / 20
//	       = (1.40625 + 0.078125 + 1.953125) / 20 = 3.4375/20 = 0.171875
//	σ      = √(0.171875/20) = √0.00859375 = 0.0927025
//	zσ     = 1.9571619 · 0.0927025 = 0.1814338
//	s + zσ = 0.8064338 → 400·log10(0.8064338/0.1935662) = 400·log10(4.166191) = 247.896
//	s − zσ = 0.4435662 → 400·log10(0.4435662/0.5564338) = 400·log10(0.797158) = −39.382
//	margin = (247.896 + 39.382) / 2 = 143.639
//
// (With the exact quantile 1.959964 the margin would be 143.875.)
func TestEloTrinomial(t *testing.T) {
	elo, margin := tally(10, 5, 5).Elo()
	near(t, "Elo", elo, 88.7395, 1e-4)
	near(t, "margin", margin, 143.639, 1e-3)
}

// LOS = ½·erfc(−(W−L)/√(2(W+L))). W=10 L=5: x = 5/√30 = 0.9128709,
// erfc(−0.9128709) = 1 + erf(0.9128709) = 1 + 0.8032944 = 1.8032944, so
// LOS = 0.9016472. W=7 L=3: x = 4/√20 = 0.8944272, erf = 0.7940968, LOS = 0.8970484.
func TestLOS(t *testing.T) {
	near(t, "LOS(10/5/5)", tally(10, 5, 5).LOS(), 0.9016472, 1e-7)
	near(t, "LOS(7/2/3)", tally(7, 2, 3).LOS(), 0.8970484, 1e-7)
	// Mirrored tally: 1 − LOS.
	near(t, "LOS(5/5/10)", tally(5, 5, 10).LOS(), 1-0.9016472, 1e-7)
	// No decisive games: nothing to go on.
	near(t, "LOS(0/7/0)", tally(0, 7, 0).LOS(), 0.5, 0)
	near(t, "LOS(empty)", Tally{}.LOS(), 0.5, 0)
}

// A symmetric tally has Elo exactly +0 and LOS 1/2. W=D=L=10: s = 0.5,
// var = (10·¼ + 10·0 + 10·¼)/30 = 1/6, σ = √(1/180) = 0.0745356,
// zσ = 0.1458782, 400·log10(0.6458782/0.3541218) = 400·log10(1.823887) = 104.399,
// and the lower end mirrors it: margin 104.399.
func TestSymmetricTallies(t *testing.T) {
	tl := tally(10, 10, 10)
	elo, margin := tl.Elo()
	if elo != 0 || math.Signbit(elo) {
		t.Errorf("symmetric Elo = %v, want +0", elo)
	}
	near(t, "symmetric margin", margin, 104.399, 1e-3)
	near(t, "symmetric LOS", tl.LOS(), 0.5, 0)

	// Symmetric pairs: Penta {1, 2, 3, 2, 1} averages ½ exactly.
	p := Tally{Penta: [5]int{1, 2, 3, 2, 1}}
	pe, _, ok := p.PentaElo()
	if !ok || pe != 0 || math.Signbit(pe) {
		t.Errorf("symmetric PentaElo = %v, %v; want +0, true", pe, ok)
	}
	ne, _, ok := p.NormalizedElo()
	if !ok || ne != 0 {
		t.Errorf("symmetric NormalizedElo = %v, %v; want 0, true", ne, ok)
	}

	// Swapping the engines negates Elo and keeps the margin.
	for _, w := range [][3]int{{10, 5, 5}, {7, 2, 3}, {19, 0, 1}, {20, 0, 0}} {
		a, am := tally(w[0], w[1], w[2]).Elo()
		b, bm := tally(w[2], w[1], w[0]).Elo()
		near(t, "Elo(A)+Elo(B)", a+b, 0, 1e-9)
		near(t, "margin(A)−margin(B)", am-bm, 0, 1e-9)
	}
}

// Degenerate tallies, where cutechess-cli would print nan or inf, by hand:
//
//	All wins, N=20: the score is clamped to 1 − 1/40 = 0.975, so
//	  elo = 400·log10(0.975/0.025) = 400·log10(39) = 636.426.
//	  var about 0.975 = 1·0.025² = 0.000625, σ = √(0.000625/20) = 0.00559017,
//	  zσ = 0.0109409: s + zσ clamps to 0.975 (636.426), s − zσ = 0.9640591 →
//	  400·log10(0.9640591/0.0359409) = 400·log10(26.82348) = 571.406;
//	  margin = (636.426 − 571.406)/2 = 32.510.
//	  LOS = ½·erfc(−20/√40) = 1 − ½·erfc(3.1622777) = 1 − 3.872108e−6.
//	All losses: the mirror image, −636.426 ± 32.510, LOS 3.872108e−6.
//	W=19 L=1: s = 0.95, elo = 400·log10(19) = 511.501;
//	  var = (19·0.05² + 1·0.95²)/20 = 0.0475, σ = 0.0487340, zσ = 0.0953803:
//	  s + zσ = 1.045 clamps to 0.975 (636.426); s − zσ = 0.8546184 →
//	  400·log10(5.878512) = 307.707; margin = (636.426 − 307.707)/2 = 164.359.
//	One game: the clamp range is the single point ½: (0, 0) for any result.
//	All draws: s = ½, var = 0: (0, 0) as cutechess-cli prints it.
//	No games: (0, 0), LOS ½.
func TestEloDegenerate(t *testing.T) {
	cases := []struct {
		name         string
		tl           Tally
		elo, margin  float64
		los, losTol  float64
		eloTol, mTol float64
	}{
		{"all wins", tally(20, 0, 0), 636.426, 32.510, 1 - 3.872108e-6, 1e-12, 1e-3, 1e-3},
		{"all losses", tally(0, 0, 20), -636.426, 32.510, 3.872108e-6, 1e-12, 1e-3, 1e-3},
		{"19-1", tally(19, 0, 1), 511.501, 164.359, 0.5 * math.Erfc(-18/math.Sqrt(40)), 1e-12, 1e-3, 1e-3},
		{"one win", tally(1, 0, 0), 0, 0, 0.5 * math.Erfc(-1/math.Sqrt2), 1e-12, 0, 0},
		{"one loss", tally(0, 0, 1), 0, 0, 0.5 * math.Erfc(1/math.Sqrt2), 1e-12, 0, 0},
		{"all draws", tally(0, 12, 0), 0, 0, 0.5, 0, 0, 0},
		{"no games", Tally{}, 0, 0, 0.5, 0, 0, 0},
	}
	for _, c := range cases {
		elo, margin := c.tl.Elo()
		near(t, c.name+" Elo", elo, c.elo, c.eloTol)
		near(t, c.name+" margin", margin, c.margin, c.mTol)
		near(t, c.name+" LOS", c.tl.LOS(), c.los, c.losTol)
	}
}

// The pentanomial example, Penta = {LL 1, LD 2, WL/DD 4, WD 3, WW 2}, P = 12
// pairs, by hand:
//
//	s   = (1·0 + 2·¼ + 4·½ + 3·¾ + 2·1) / 12 = (0 + 0.5 + 2 + 2.25 + 2)/12 = 6.75/12 = 0.5625
//	var = (1·0.5625² + 2·0.3125² + 4·0.0625² + 3·0.1875² + 2·0.4375²) / 12
//	    = (0.31640625 + 0.1953125 + 0.015625 + 0.10546875 + 0.3828125) / 12
//	    = 1.015625/12 = 0.08463542
//	elo = 400·log10(0.5625/0.4375) = 400·log10(9/7) = 400·0.1091445 = 43.658
//	σ   = √(0.08463542/12) = √0.00705295 = 0.0839819,  zσ = 1.959964·0.0839819 = 0.1646014
//	s + zσ = 0.7271014 → 400·log10(0.7271014/0.2728986) = 400·log10(2.664361) = 170.237
//	s − zσ = 0.3978986 → 400·log10(0.3978986/0.6021014) = 400·log10(0.6608495) = −71.959
//	margin = (170.237 + 71.959)/2 = 121.098
//
// nElo: √(2·var) = √0.16927083 = 0.4114254 and 800/ln 10 = 347.43559, so
//
//	nelo   = 0.0625/0.4114254 · 347.43559 = 0.1519109 · 347.43559 = 52.779
//	margin = 1.959964/√24 · 347.43559 = 0.4000756 · 347.43559 = 139.001
//
// The same pairs as games are W=9 D=9 L=6 (score 0.5625 again), whose
// trinomial Elo is 43.658 too.
func TestPentanomial(t *testing.T) {
	var tl Tally
	add := func(n int, a, b Outcome) {
		for range n {
			tl.AddPair(a, b)
		}
	}
	add(1, Loss, Loss)
	add(2, Loss, Draw)
	add(2, Win, Loss)
	add(2, Draw, Draw)
	add(3, Win, Draw)
	add(2, Win, Win)
	if tl.Penta != [5]int{1, 2, 4, 3, 2} || tl.Wins != 9 || tl.Draws != 9 || tl.Losses != 6 {
		t.Fatalf("tally %+v, want Penta {1 2 4 3 2}, W/D/L 9/9/6", tl)
	}

	elo, margin, ok := tl.PentaElo()
	if !ok {
		t.Fatal("PentaElo not ok with 12 pairs")
	}
	near(t, "PentaElo", elo, 43.658, 1e-3)
	near(t, "PentaElo margin", margin, 121.098, 1e-3)

	nelo, nmargin, ok := tl.NormalizedElo()
	if !ok {
		t.Fatal("NormalizedElo not ok with 12 pairs")
	}
	near(t, "nElo", nelo, 52.779, 1e-3)
	near(t, "nElo margin", nmargin, 139.001, 1e-3)

	tri, _ := tl.Elo()
	near(t, "trinomial Elo of the same games", tri, elo, 1e-9)
}

// Pentanomial degenerate cases, by hand:
//
//	No pairs: not ok, zeros (even if unpaired games exist).
//	All WW, P=10: score clamped to 1 − 1/40 = 0.975, elo 636.426; var about
//	  it 0.025² = 0.000625, σ = √(0.000625/10) = 0.0079057, zσ = 0.0154950:
//	  upper clamps to 0.975, lower 0.9595051 → 400·log10(23.69448) = 549.859;
//	  margin = (636.426 − 549.859)/2 = 43.283. nElo: zero variance, not ok.
//	All DD: s = ½, var 0: PentaElo (0, 0, true), nElo not ok.
func TestPentanomialDegenerate(t *testing.T) {
	unpaired := tally(3, 1, 2)
	if e, m, ok := unpaired.PentaElo(); ok || e != 0 || m != 0 {
		t.Errorf("PentaElo without pairs = %v, %v, %v; want 0, 0, false", e, m, ok)
	}
	if e, m, ok := unpaired.NormalizedElo(); ok || e != 0 || m != 0 {
		t.Errorf("NormalizedElo without pairs = %v, %v, %v; want 0, 0, false", e, m, ok)
	}

	ww := Tally{Wins: 20, Penta: [5]int{4: 10}}
	e, m, ok := ww.PentaElo()
	if !ok {
		t.Fatal("all-WW PentaElo not ok")
	}
	near(t, "all-WW PentaElo", e, 636.426, 1e-3)
	near(t, "all-WW margin", m, 43.283, 1e-3)
	if _, _, ok := ww.NormalizedElo(); ok {
		t.Error("all-WW NormalizedElo ok, want not ok (zero variance)")
	}
	ll := Tally{Losses: 20, Penta: [5]int{0: 10}}
	e, m, _ = ll.PentaElo()
	near(t, "all-LL PentaElo", e, -636.426, 1e-3)
	near(t, "all-LL margin", m, 43.283, 1e-3)

	dd := Tally{Draws: 8, Penta: [5]int{2: 4}}
	e, m, ok = dd.PentaElo()
	if !ok || e != 0 || m != 0 {
		t.Errorf("all-DD PentaElo = %v, %v, %v; want 0, 0, true", e, m, ok)
	}
	if _, _, ok := dd.NormalizedElo(); ok {
		t.Error("all-DD NormalizedElo ok, want not ok (zero variance)")
	}
}

// No combination of small counts may produce NaN or ±Inf anywhere.
func TestAlwaysFinite(t *testing.T) {
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	sprt := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	check := func(tl Tally) {
		e, m := tl.Elo()
		pe, pm, _ := tl.PentaElo()
		ne, nm, _ := tl.NormalizedElo()
		for _, x := range []float64{tl.Score(), tl.DrawRatio(), tl.LOS(), e, m, pe, pm, ne, nm, sprt.LLR(tl)} {
			if !finite(x) {
				t.Fatalf("tally %+v gives a non-finite value: Elo %v±%v penta %v±%v nElo %v±%v LOS %v LLR %v",
					tl, e, m, pe, pm, ne, nm, tl.LOS(), sprt.LLR(tl))
			}
		}
		if m < 0 || pm < 0 || nm < 0 {
			t.Fatalf("tally %+v gives a negative margin", tl)
		}
		text := strings.Join(append(SummaryLines("A", "B", tl), sprt.Line(tl)), "\n")
		if strings.Contains(strings.ToLower(text), "nan") || strings.Contains(strings.ToLower(text), "inf") {
			t.Fatalf("tally %+v prints %q", tl, text)
		}
	}
	for w := range 7 {
		for d := range 7 {
			for l := range 7 {
				check(tally(w, d, l))
			}
		}
	}
	var p [5]int
	for p[0] = range 3 {
		for p[1] = range 3 {
			for p[2] = range 3 {
				for p[3] = range 3 {
					for p[4] = range 3 {
						check(Tally{Penta: p})
					}
				}
			}
		}
	}
}

func TestScoreToElo(t *testing.T) {
	// 10^(−x/400) for x = 400·log10(3) is 1/3: score 3/4.
	near(t, "ScoreToElo(0.75)", ScoreToElo(0.75), 400*math.Log10(3), 1e-12)
	near(t, "EloToScore(400·log10 3)", EloToScore(400*math.Log10(3)), 0.75, 1e-15)
	for _, e := range []float64{-300, -5, 0, 5, 88.7} {
		near(t, "round trip", ScoreToElo(EloToScore(e)), e, 1e-9)
	}
}

// α = β = 0.05: lower = ln(0.05/0.95) = −ln 19 = −2.944439,
// upper = ln(0.95/0.05) = ln 19 = 2.944439.
// α = 0.05, β = 0.10: lower = ln(0.10/0.95) = −2.251292, upper = ln(0.90/0.05) = ln 18 = 2.890372.
func TestBounds(t *testing.T) {
	lo, hi := SPRT{0, 5, 0.05, 0.05}.Bounds()
	near(t, "lower", lo, -2.944439, 1e-6)
	near(t, "upper", hi, 2.944439, 1e-6)
	lo, hi = SPRT{0, 5, 0.05, 0.10}.Bounds()
	near(t, "lower(β=0.1)", lo, -2.251292, 1e-6)
	near(t, "upper(β=0.1)", hi, 2.890372, 1e-6)
}

func TestValidate(t *testing.T) {
	if err := (SPRT{0, 5, 0.05, 0.05}).Validate(); err != nil {
		t.Errorf("valid test rejected: %v", err)
	}
	for _, s := range []SPRT{
		{5, 0, 0.05, 0.05},
		{0, 0, 0.05, 0.05},
		{0, 5, 0, 0.05},
		{0, 5, 0.05, 1},
		{0, 5, 0.6, 0.5},
		{math.NaN(), 5, 0.05, 0.05},
		{0, math.Inf(1), 0.05, 0.05},
	} {
		if s.Validate() == nil {
			t.Errorf("%+v accepted", s)
		}
	}
}

// LLR = n·(s1 − s0)·(2ŝ − s0 − s1)/(2σ²) with elo0 = 0, elo1 = 5:
// s0 = ½, s1 = 1/(1 + 10^(−5/400)) = 1/(1 + 0.9716280) = 0.5071951,
// s1 − s0 = 0.0071951, s0 + s1 = 1.0071951. By hand:
//
//	Trinomial W=30 D=40 L=30: n = 100, ŝ = ½, σ² = (30·¼ + 30·¼)/100 = 0.15
//	  LLR = 100·0.0071951·(1 − 1.0071951)/0.3 = −0.0051769/0.3 = −0.0172564
//	Trinomial W=300 D=400 L=100: n = 800, ŝ = 0.625,
//	  σ² = (300·0.375² + 400·0.125² + 100·0.625²)/800 = 87.5/800 = 0.109375
//	  LLR = 800·0.0071951·(1.25 − 1.0071951)/0.21875 = 1.3976003/0.21875 = 6.389033
//	The mirror W=100 D=400 L=300: ŝ = 0.375, same σ²,
//	  LLR = 800·0.0071951·(0.75 − 1.0071951)/0.21875 = −6.767688
//	Pentanomial example of TestPentanomial: n = 12 pairs, ŝ = 0.5625, σ² = 0.08463542
//	  LLR = 12·0.0071951·(1.125 − 1.0071951)/0.16927083 = 0.0101714/0.1692708 = 0.0600895
//	  (the trinomial model on its 9/9/6 games would give 0.0667661 instead).
func TestLLR(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	near(t, "s1", EloToScore(5), 0.5071951, 1e-7)
	near(t, "LLR(30/40/30)", s.LLR(tally(30, 40, 30)), -0.0172564, 1e-7)
	near(t, "LLR(300/400/100)", s.LLR(tally(300, 400, 100)), 6.389033, 1e-6)
	near(t, "LLR(100/400/300)", s.LLR(tally(100, 400, 300)), -6.767688, 1e-6)

	penta := Tally{Wins: 9, Draws: 9, Losses: 6, Penta: [5]int{1, 2, 4, 3, 2}}
	near(t, "LLR(penta)", s.LLR(penta), 0.0600895, 1e-7)
	near(t, "LLR(same games unpaired)", s.LLR(tally(9, 9, 6)), 0.0667661, 1e-7)

	if got := s.LLR(Tally{}); got != 0 {
		t.Errorf("LLR of an empty tally = %v, want 0", got)
	}
	// Hypotheses swapped: the LLR changes sign.
	swapped := SPRT{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05}
	near(t, "swapped LLR", swapped.LLR(tally(300, 400, 100)), -6.389033, 1e-6)
}

// Pseudo-counts: an empty class among others counts 0.001 (so W=300 D=400
// L=0 hardly differs from a hand computation without it), and a tally all
// in one class gets ½ per empty class. Two straight wins, by hand: counts
// L ½, D ½, W 2, n = 3, ŝ = (0.25 + 2)/3 = 0.75,
// σ² = (½·0.75² + ½·0.25² + 2·0.25²)/3 = (0.28125 + 0.03125 + 0.125)/3 = 0.1458333,
// LLR = 3·0.0071951·(1.5 − 1.0071951)/0.2916667 = 0.0364708: far from deciding.
func TestLLRPseudoCounts(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	near(t, "LLR(2/0/0)", s.LLR(tally(2, 0, 0)), 0.0364708, 1e-7)

	// W=300 D=400 L=0 without pseudo-count: ŝ = 500/700 = 0.7142857,
	// σ² = (300·0.2857143² + 400·0.2142857²)/700 = (24.489796 + 18.367347)/700 = 0.0612245,
	// LLR = 700·0.0071951·(1.4285714 − 1.0071951)/0.1224490 = 17.3320. The
	// 0.001 loss moves it by about 2e-4 (to 17.33176).
	near(t, "LLR(300/400/0)", s.LLR(tally(300, 400, 0)), 17.3320, 5e-4)
}

// An engine that keeps winning accepts H1; one that keeps losing accepts
// H0. The LLR of an unbroken run of results rises (falls) steadily; the
// pseudo-counts keep the first few games from deciding anything.
func TestSPRTDecisions(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}

	// run feeds step until the test decides and returns the decision and
	// the number of steps it took.
	run := func(step func(*Tally)) (int, int) {
		var tl Tally
		prev := 0.0
		for i := 1; i <= 100000; i++ {
			step(&tl)
			d, llr := s.Decide(tl)
			if i > 1 && math.Abs(llr) < math.Abs(prev)-1e-9 {
				t.Fatalf("step %d: |LLR| fell from %v to %v", i, prev, llr)
			}
			prev = llr
			if d != 0 {
				return d, i
			}
		}
		t.Fatal("no decision after 100000 steps")
		return 0, 0
	}

	// Straight wins or losses: by the pseudo-count rule H1 after 23 wins
	// (LLR 3.2046; 2.9395 after 22), H0 after 22 losses.
	if d, n := run(func(t *Tally) { t.Add(Win) }); d != 1 || n != 23 {
		t.Errorf("straight wins: decision %d after %d games, want +1 after 23", d, n)
	}
	if d, n := run(func(t *Tally) { t.Add(Loss) }); d != -1 || n != 22 {
		t.Errorf("straight losses: decision %d after %d games, want -1 after 22", d, n)
	}
	if d, _ := run(func(t *Tally) { t.AddPair(Win, Win) }); d != 1 {
		t.Errorf("straight WW pairs: decision %d, want +1", d)
	}
	if d, _ := run(func(t *Tally) { t.AddPair(Draw, Draw) }); d != -1 {
		t.Errorf("straight DD pairs: decision %d, want -1 (no gain of 5 Elo)", d)
	}

	// A realistic strong engine: the pair cycle WD, WL, DD, LD, WW scores
	// 0.6 (about +70 Elo), with every pair class but LL present.
	cycle := [][2]Outcome{{Win, Draw}, {Win, Loss}, {Draw, Draw}, {Loss, Draw}, {Win, Win}}
	mirror := [][2]Outcome{{Loss, Draw}, {Loss, Win}, {Draw, Draw}, {Win, Draw}, {Loss, Loss}}
	feed := func(c [][2]Outcome) func(*Tally) {
		i := 0
		return func(t *Tally) {
			for range len(c) {
				t.AddPair(c[i%len(c)][0], c[i%len(c)][1])
				i++
			}
		}
	}
	d, n := run(feed(cycle))
	if d != 1 || n < 20 || n > 200 {
		t.Errorf("winning cycle: decision %d after %d cycles, want +1 after 20..200", d, n)
	}
	d, n = run(feed(mirror))
	if d != -1 || n < 20 || n > 200 {
		t.Errorf("losing cycle: decision %d after %d cycles, want -1 after 20..200", d, n)
	}

	// An even match drifts to H0 (elo 0 is nearer than elo 5).
	if d, _ := run(feed([][2]Outcome{{Win, Loss}, {Draw, Draw}, {Win, Draw}, {Loss, Draw}})); d != -1 {
		t.Errorf("even match: decision %d, want -1", d)
	}
}

func TestLine(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	cases := []struct {
		tl   Tally
		want string
	}{
		// −0.0172564 / 2.944439 = −0.586%.
		{tally(30, 40, 30), "SPRT: llr -0.0173 (-0.6%), lbound -2.94, ubound 2.94"},
		// 6.389033 / 2.944439 = 216.99%.
		{tally(300, 400, 100), "SPRT: llr 6.39 (217.0%), lbound -2.94, ubound 2.94 - H1 was accepted"},
		// −6.767688 / 2.944439 = −229.85%.
		{tally(100, 400, 300), "SPRT: llr -6.77 (-229.8%), lbound -2.94, ubound 2.94 - H0 was accepted"},
		{Tally{}, "SPRT: llr 0 (0.0%), lbound -2.94, ubound 2.94"},
	}
	for _, c := range cases {
		if got := s.Line(c.tl); got != c.want {
			t.Errorf("Line(%+v)\n got %q\nwant %q", c.tl, got, c.want)
		}
	}
}

// W=7 D=2 L=3, N=12, by hand: s = 8/12 = 0.667, elo = 400·log10(2) = 120.4;
// var = (7·(1/3)² + 2·(1/6)² + 3·(2/3)²)/12 = 2.1666667/12 = 0.1805556,
// σ = √(0.1805556/12) = 0.1226633, zσ = 0.2400720; s + zσ = 0.9067387 →
// 400·log10(9.722561) = 395.112; s − zσ = 0.4265946 → 400·log10(0.7439669) = −51.379;
// margin = 223.245. LOS 0.8970484 (TestLOS); draws 2/12 = 16.7 %.
// The score line lists wins, losses, draws: "7 - 3 - 2".
func TestSummaryLines(t *testing.T) {
	cases := []struct {
		tl   Tally
		want [2]string
	}{
		{tally(10, 5, 5), [2]string{
			"Score of A vs B: 10 - 5 - 5  [0.625] 20",
			"Elo difference: 88.7 +/- 143.6, LOS: 90.2 %, DrawRatio: 25.0 %",
		}},
		{tally(7, 2, 3), [2]string{
			"Score of A vs B: 7 - 3 - 2  [0.667] 12",
			"Elo difference: 120.4 +/- 223.2, LOS: 89.7 %, DrawRatio: 16.7 %",
		}},
		{tally(10, 10, 10), [2]string{
			"Score of A vs B: 10 - 10 - 10  [0.500] 30",
			"Elo difference: 0.0 +/- 104.4, LOS: 50.0 %, DrawRatio: 33.3 %",
		}},
		{tally(20, 0, 0), [2]string{
			"Score of A vs B: 20 - 0 - 0  [1.000] 20",
			"Elo difference: 636.4 +/- 32.5, LOS: 100.0 %, DrawRatio: 0.0 %",
		}},
		{tally(0, 0, 20), [2]string{
			"Score of A vs B: 0 - 20 - 0  [0.000] 20",
			"Elo difference: -636.4 +/- 32.5, LOS: 0.0 %, DrawRatio: 0.0 %",
		}},
		{Tally{}, [2]string{
			"Score of A vs B: 0 - 0 - 0  [0.500] 0",
			"Elo difference: 0.0 +/- 0.0, LOS: 50.0 %, DrawRatio: 0.0 %",
		}},
	}
	for _, c := range cases {
		got := SummaryLines("A", "B", c.tl)
		if len(got) != 2 || got[0] != c.want[0] || got[1] != c.want[1] {
			t.Errorf("SummaryLines(%+v)\n got %q\nwant %q", c.tl, got, c.want)
		}
	}
}
