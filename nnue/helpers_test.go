package nnue

import (
	"math/rand/v2"
)

func randomNet(rng *rand.Rand, h int) *Net { return Random(rng.Uint64(), h) }
