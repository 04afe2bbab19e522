//go:build !(kaelsplitstat && linux)

package pool

// StatOn is false: kael built without the tag kaelsplitstat keeps no
// split statistics, and the calls under `if StatOn` compile to nothing
// (splitstat_on.go).
const StatOn = false

type runStat struct{}

func (*runStat) start()                  {}
func (*runStat) workerBody()             {}
func (*runStat) body(f func(int), i int) { f(i) }
func (*runStat) record(int)              {}

func statHandOff() {}
func statPark()    {}

// Enter, Leave and Dump do nothing (see splitstat_on.go).
func Enter() (bool, int64)    { return false, 0 }
func Leave(bool, bool, int64) {}
func Dump()                   {}
