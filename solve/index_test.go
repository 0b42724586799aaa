package solve

import (
	"math/rand/v2"
	"testing"
)

// Every index of the small layers, and random ones of the large, unranks
// to a placement of the layer that ranks back to it; the small layers'
// placements are all distinct.
func TestIndexRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 29))
	total := uint64(0)
	for _, s := range Signatures() {
		total += s.Size()
		n := s.Size()
		exhaustive := n <= 300_000
		seen := map[Placement]bool{}
		for k := uint64(0); k < min(n, 300_000); k++ {
			idx := k
			if !exhaustive {
				idx = rng.Uint64N(n)
			}
			pl := Unrank(s, idx)
			if pl.Signature() != s {
				t.Fatalf("%s: index %d unranks to a placement of %s", s, idx, pl.Signature())
			}
			if pl.Pieces[0]&pl.Pieces[1] != 0 || pl.Knights&^(pl.Pieces[0]|pl.Pieces[1]) != 0 {
				t.Fatalf("%s: index %d unranks to a malformed placement", s, idx)
			}
			if got := Index(pl); got != idx {
				t.Fatalf("%s: index %d unranks to %s, which ranks to %d", s, idx, cfen(pl), got)
			}
			if exhaustive {
				if seen[pl] {
					t.Fatalf("%s: two indices unrank to %s", s, cfen(pl))
				}
				seen[pl] = true
			}
		}
	}
	// Camette has 904,336,449 placements of at most 1 Knight and 3 Men a
	// side, of which the full layer has 549,151,680. The table leaves out
	// the 86,619 with a side (or both) wiped out: the game is over there
	// (V5). Twice each for the side to move.
	if total != 2*(904_336_449-86_619) {
		t.Errorf("%d positions in all, want %d", total, 2*(904_336_449-86_619))
	}
	if full := (Signature{1, 3, 1, 3}).Size(); full != 2*549_151_680 {
		t.Errorf("full layer: %d positions, want %d", full, 2*549_151_680)
	}
	if len(Signatures()) != 49 {
		t.Errorf("%d layers, want 49", len(Signatures()))
	}
}

// The start position has its layer and side, and a placement read from a
// position gives the same position back.
func TestPlacementOfStart(t *testing.T) {
	p := cametteStart()
	pl := PlacementOf(&p)
	if pl.Signature() != (Signature{1, 3, 1, 3}) || pl.Side != 0 {
		t.Fatalf("start: %+v", pl)
	}
	q := pl.Position()
	if q.CFEN() != p.CFEN() || q.Key != p.Key {
		t.Fatalf("start comes back as %s", q.CFEN())
	}
	if m := pl.Mirror(); m != pl {
		t.Errorf("the start is symmetric, its mirror is %s", cfen(m))
	}
}

// Signatures name themselves as the table's files do, and read back.
func TestSignatureNames(t *testing.T) {
	for _, s := range Signatures() {
		back, err := ParseSignature(s.String())
		if err != nil || back != s {
			t.Errorf("%s reads back as %v, %v", s, back, err)
		}
	}
	if got := (Signature{1, 3, 1, 3}).String(); got != "K3-k3" {
		t.Errorf("full layer named %q", got)
	}
	if got := (Signature{0, 2, 1, 0}).String(); got != "2-k" {
		t.Errorf("two Men against a Knight named %q", got)
	}
	if _, err := ParseSignature("K4-k"); err == nil {
		t.Error("K4-k accepted")
	}
}

// The value byte's meaning.
func TestValueEncoding(t *testing.T) {
	cases := []struct {
		v         Value
		win, loss bool
		plies     int
		mate      int
		text      string
	}{
		{Draw, false, false, 0, 0, "draw"},
		{LostNow, false, true, 0, 0, "loss in 0"},
		{InPlies(1), true, false, 1, 1, "win in 1"},
		{InPlies(2), false, true, 2, -1, "loss in 2"},
		{InPlies(7), true, false, 7, 4, "win in 7"},
		{WinNow, true, false, 0, 0, "win in 0"},
	}
	for _, c := range cases {
		if c.v.IsWin() != c.win || c.v.IsLoss() != c.loss || c.v.Plies() != c.plies || c.v.MateMoves() != c.mate || c.v.String() != c.text {
			t.Errorf("%d: win %v loss %v plies %d mate %d %q", c.v, c.v.IsWin(), c.v.IsLoss(), c.v.Plies(), c.v.MateMoves(), c.v.String())
		}
	}
}
