package book

import (
	"testing"

	"github.com/camelot-engine/camelot/boards"
	"github.com/camelot-engine/camelot/game"
)

// checkBook walks a book from the start position through its expanded
// positions and checks that every move it offers is legal there and reads
// back from its text (R3), that an expanded position's score is the best
// of its moves' (negamax), and that the walk reaches every position the
// book holds except imported roots.
func checkBook(t *testing.T, b *Book) {
	t.Helper()
	seen := map[uint64]bool{}
	queue := []game.Position{boards.StartPosition(b.Variant)}
	if _, ok := b.Lookup(queue[0].Key()); ok {
		seen[queue[0].Key()] = true
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		e, _ := b.Lookup(p.Key())
		cs := b.Moves(&p, DefaultVariety)
		if e.Expanded && !p.Outcome().IsOver() && len(cs) == 0 {
			t.Errorf("%s: expanded, but no book moves", p.CFEN())
		}
		best := -WinScore - 1
		for _, c := range cs {
			if !p.IsLegal(c.Move) {
				t.Fatalf("%s: book move %v is not legal", p.CFEN(), c.Move)
			}
			text := p.MoveText(c.Move)
			if back, err := p.ParseMove(text); err != nil || back != c.Move {
				t.Fatalf("%s: book move %s reads back as %v, %v", p.CFEN(), text, back, err)
			}
			best = max(best, c.Score)
			child := p.Play(c.Move)
			if !seen[child.Key()] {
				seen[child.Key()] = true
				queue = append(queue, child)
			}
		}
		if len(cs) > 0 && int(e.Score) != best {
			t.Errorf("%s: score %d, but its best move scores %d", p.CFEN(), e.Score, best)
		}
	}
	if len(seen) != b.Len() {
		t.Errorf("the walk from the start reached %d of the book's %d positions", len(seen), b.Len())
	}
}
