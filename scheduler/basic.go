package scheduler

// basic is breadth-first (FIFO over discovery order) or depth-first (LIFO)
// single-visit traversal: the thesis' BFS and DFS baselines (§4.5.2).
type basic struct {
	lifo    bool
	pending []int
}

func registerBasic(r *Registry) {
	r.Register("bfs", false, func(Params) (Strategy, error) { return &basic{}, nil })
	r.Register("dfs", false, func(Params) (Strategy, error) { return &basic{lifo: true}, nil })
}

func (b *basic) Start(int) {}

func (b *basic) Add(pages ...Page) {
	if !b.lifo {
		for _, p := range pages {
			b.pending = append(b.pending, p.ID)
		}
		return
	}
	// Depth-first: the children of a page are explored in document order,
	// so push them reversed and pop from the end.
	for i := len(pages) - 1; i >= 0; i-- {
		b.pending = append(b.pending, pages[i].ID)
	}
}

func (b *basic) Next() (Decision, bool) {
	if len(b.pending) == 0 {
		return Decision{}, false
	}
	var id int
	if b.lifo {
		id = b.pending[len(b.pending)-1]
		b.pending = b.pending[:len(b.pending)-1]
	} else {
		id = b.pending[0]
		b.pending = b.pending[1:]
	}
	return Decision{Page: id, Action: Visit}, true
}

func (b *basic) Done(Decision) {}
