// Package plural writes counts with their nouns: "1 game", "2 games".
package plural

import "strconv"

// Of returns n followed by one when n is 1 and by many otherwise.
func Of(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
