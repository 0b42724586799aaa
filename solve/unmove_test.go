package solve

import (
	"math/rand/v2"
	"testing"

	"github.com/camelot-engine/camelot/movegen"
)

// slowUnmoves finds the predecessors of pl by brute force: every piece of
// the side that moved, put back on every empty square, kept when the
// forward generator lists the non-capture move to pl.
func slowUnmoves(pl Placement) map[Placement]bool {
	out := map[Placement]bool{}
	mover := pl.Side.Other()
	var ml movegen.MoveList
	empty := boardMask &^ (pl.Pieces[0] | pl.Pieces[1])
	for t := 0; t < NumSquares; t++ {
		tm := Mask(1) << uint(t)
		if pl.Pieces[mover]&tm == 0 {
			continue
		}
		for f := 0; f < NumSquares; f++ {
			fm := Mask(1) << uint(f)
			if empty&fm == 0 {
				continue
			}
			p := pl
			p.Pieces[mover] ^= tm | fm
			if p.Knights&tm != 0 {
				p.Knights ^= tm | fm
			}
			p.Side = mover
			pos := p.Position()
			pos.GenerateMoves(&ml)
			if ml.Contains(movegen.Move{From: camette.square[f], To: camette.square[t]}) {
				out[p] = true
			}
		}
	}
	return out
}

// The un-move generator finds exactly the positions from which the forward
// generator reaches pl by a non-capture, on random positions of every
// layer (with Knights' canters, own castles and captures due).
func TestUnmovesMatchForward(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 1))
	var ml movegen.MoveList
	checked, found := 0, 0
	for _, sig := range Signatures() {
		for range 400 {
			pl := Unrank(sig, rng.Uint64N(sig.Size()))
			want := slowUnmoves(pl)
			got := map[Placement]bool{}
			unmoves(pl, &ml, func(p Placement) {
				if got[p] {
					t.Fatalf("%s: predecessor %s listed twice", cfen(pl), cfen(p))
				}
				got[p] = true
			})
			for p := range want {
				if !got[p] {
					t.Fatalf("%s: misses predecessor %s", cfen(pl), cfen(p))
				}
			}
			for p := range got {
				if !want[p] {
					t.Fatalf("%s: lists %s, which has no such move", cfen(pl), cfen(p))
				}
			}
			checked++
			found += len(want)
		}
	}
	if found < checked {
		t.Fatalf("only %d predecessors in %d positions: the test sees too little", found, checked)
	}
}

// cfen returns pl's CFEN, for messages.
func cfen(pl Placement) string {
	p := pl.Position()
	return p.CFEN()
}

// cametteStart returns Camette's start position (V3).
func cametteStart() movegen.Position { return movegen.StartOf(movegen.Camette) }

// A move's successor is the position MakeMove gives, also for a Charge
// that ends on its own starting square (R8, R9): A4-C2-C4xC6xA4 canters
// round and jumps back home.
func TestAfterMatchesMakeMove(t *testing.T) {
	p, err := movegen.ParseCFENOf(movegen.Camette, "1/3/1mnmm/N4/1MM2/2M/1 w 0/0 4 3")
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.ParseMove("A4-C2-C4xC6xA4")
	if err != nil {
		t.Fatal(err)
	}
	if m.From != m.To {
		t.Fatalf("%s does not end where it starts", p.MoveText(m))
	}
	rng := rand.New(rand.NewPCG(3, 9))
	positions := []movegen.Position{p}
	for _, s := range Signatures() {
		for range 50 {
			positions = append(positions, Unrank(s, rng.Uint64N(s.Size())).Position())
		}
	}
	var ml movegen.MoveList
	loops := 0
	for _, p := range positions {
		p.GenerateMoves(&ml)
		for _, m := range ml.Slice() {
			q := p
			q.MakeMove(m)
			if got := PlacementOf(&p).after(m); got != PlacementOf(&q) {
				t.Fatalf("%s after %s: %s, MakeMove gives %s", p.CFEN(), p.MoveText(m), cfen(got), q.CFEN())
			}
			if m.From == m.To {
				loops++
			}
		}
	}
	if loops == 0 {
		t.Fatal("no move ending on its starting square was tried")
	}
}
