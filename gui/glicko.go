package gui

import "math"

// Glicko-2, as Mark Glickman's "Example of the Glicko-2 system" (2013)
// gives it: a rating, its deviation and its volatility on the Glicko
// scale (a new player 1500, 350, 0.06), updated after a rating period of
// games. A puzzle attempt is one such period of one game: the player
// against the puzzle, a win when it is solved at the first try.

// Glicko is a Glicko-2 rating on the Glicko scale.
type Glicko struct {
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"deviation"`
	Volatility float64 `json:"volatility"`
}

// GlickoResult is one game of a rating period: the opponent's rating
// and deviation, and the score (1 a win, 0 a loss, 0.5 a draw).
type GlickoResult struct {
	Rating, Deviation float64
	Score             float64
}

// The system's constants.
const (
	glickoScale     = 173.7178 // Glicko to Glicko-2 scale
	glickoTau       = 0.5      // the system constant τ: how fast volatility may change
	glickoEpsilon   = 0.000001 // convergence of the volatility iteration
	NewRating       = 1500.0   // a new player's rating
	NewDeviation    = 350.0    // and deviation
	NewVolatility   = 0.06     // and volatility
	maxDeviation    = 350.0    // a deviation never grows past a new player's
	minDeviation    = 30.0     // nor falls below this, so that ratings keep moving
	minGlickoRating = 100.0
	maxGlickoRating = 4000.0
)

// NewGlicko is a new player's rating.
func NewGlicko() Glicko {
	return Glicko{Rating: NewRating, Deviation: NewDeviation, Volatility: NewVolatility}
}

func glickoG(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func glickoE(mu, muj, phij float64) float64 {
	return 1 / (1 + math.Exp(-glickoG(phij)*(mu-muj)))
}

// Update returns the rating after a rating period with the games
// (Glickman's steps 2–8, unclamped). With no games only the deviation
// grows (step 6).
func (r Glicko) Update(games []GlickoResult) Glicko {
	mu := (r.Rating - 1500) / glickoScale
	phi := r.Deviation / glickoScale
	sigma := r.Volatility
	if len(games) == 0 {
		phiStar := math.Sqrt(phi*phi + sigma*sigma)
		return Glicko{Rating: r.Rating, Deviation: phiStar * glickoScale, Volatility: sigma}
	}
	// Step 3: the estimated variance v; step 4: the improvement Δ.
	var vInv, sum float64
	for _, g := range games {
		muj := (g.Rating - 1500) / glickoScale
		phij := g.Deviation / glickoScale
		gj := glickoG(phij)
		e := glickoE(mu, muj, phij)
		vInv += gj * gj * e * (1 - e)
		sum += gj * (g.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		return ex*(delta*delta-phi*phi-v-ex)/(2*(phi*phi+v+ex)*(phi*phi+v+ex)) - (x-a)/(glickoTau*glickoTau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*glickoTau) < 0 {
			k++
		}
		B = a - k*glickoTau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > glickoEpsilon && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	sigma2 := math.Exp(A / 2)
	// Steps 6–8: the new deviation and rating.
	phiStar := math.Sqrt(phi*phi + sigma2*sigma2)
	phi2 := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu2 := mu + phi2*phi2*sum
	return Glicko{Rating: mu2*glickoScale + 1500, Deviation: phi2 * glickoScale, Volatility: sigma2}
}

// clamped keeps a rating within the bounds a puzzle rating keeps.
func (r Glicko) clamped() Glicko {
	r.Rating = math.Max(minGlickoRating, math.Min(maxGlickoRating, r.Rating))
	r.Deviation = math.Max(minDeviation, math.Min(maxDeviation, r.Deviation))
	return r
}

// valid says whether r is a rating a request may carry.
func (r Glicko) valid() bool {
	ok := func(x, lo, hi float64) bool { return !math.IsNaN(x) && x >= lo && x <= hi }
	return ok(r.Rating, 0, 5000) && ok(r.Deviation, 1, maxDeviation) && ok(r.Volatility, 0.0001, 1)
}
