package sim

// ch5Tables returns the reproduced chapter-5 tables (visit-revisit
// strategies). The chapter-5 helper fills it.
func ch5Tables() []Table { return nil }
