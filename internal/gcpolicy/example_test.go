package gcpolicy_test

import (
	"context"
	"fmt"

	"github.com/sharc-archive/sharc/internal/gcpolicy"
)

func Example() {
	stop, applied := gcpolicy.Start(context.Background(), gcpolicy.Config{})
	defer stop()
	fmt.Println("policy applied:", applied) // false when GOGC or GOMEMLIMIT is set
}
