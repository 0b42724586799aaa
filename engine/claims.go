package engine

// Under AbstractPlay's rules (V14.3) repetition and no progress are not
// draws by themselves: the side to move may claim one, once 50 plies have
// passed without a capture or a move from outside onto an opponent's
// castle square, or when the position stands for the fourth time. A
// position where the claim is open is worth at least a draw to the side
// to move, and R16's automatic draws play no part in the search.

// pathKey is the key the thread keeps of the position for repetitions:
// its Zobrist key, or under AbstractPlay's rules the key that ignores
// castle moves and trees (movegen.Position.DrawKey).
func (t *thread) pathKey() uint64 {
	if t.claims {
		return t.pos.DrawKey()
	}
	return t.pos.Key
}

// claimOpen reports whether the side to move may claim the draw (V14.3)
// and the claim is worth making: it has a piece with a move, without
// which the game is already lost (V14.2). The positions that may repeat
// the current one are those since the last capture or castle entry (a
// castle move no longer resets the count, but one back and forth does
// not change the board), and River's two before the first piece move.
func (t *thread) claimOpen() bool {
	p := &t.pos
	if p.Plies < t.claimPlies {
		key, n := p.DrawKey(), 1
		for i, back := len(t.keys)-2, 2; i >= 0 && back <= p.Plies+2; i, back = i-2, back+2 {
			if t.keys[i] == key {
				n++
			}
		}
		if n < t.claimOccurrences {
			return false
		}
	}
	return p.HasPieceMove()
}

// claimFloor is the least a node with the claim open is worth: a draw.
func claimFloor(v int) int { return max(v, DrawScore) }
