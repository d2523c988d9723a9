// Package loadtest measures what cardroom costs per player, the way a
// player sees it: real SSH connections over loopback (golang.org/x/crypto/ssh,
// a fresh key and a pty per session, a terminal screen that answers the
// colour query), each pressing a visible key about once a second, against a
// server running as a child process so its memory and CPU can be read from
// /proc without the generator's own. It exists because capacity is a promise
// (docs/CAPACITY.md) and must be reproducible with one command,
// `cardroom load`, side by side with a bare wish + bubbletea server (Baseline)
// measured in the same run.
//
// Runs are bounded in sessions and time and only ever dial loopback
// addresses.
package loadtest
