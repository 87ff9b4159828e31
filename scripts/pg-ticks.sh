# Sourced by the bench scripts. pg_ticks prints the CPU the PostgreSQL
# server has spent, live processes and the backends the postmaster has
# reaped, in clock ticks (getconf CLK_TCK per second).
pgdata=$(ls -d /var/lib/postgresql/*/main | head -1)
pg_ticks() {
	local pm total=0 f
	pm=$(head -1 "$pgdata/postmaster.pid")
	for p in $(pgrep -x postgres); do
		f=($(sed 's/^.*) //' "/proc/$p/stat" 2>/dev/null)) || continue
		total=$((total + f[11] + f[12]))
		[ "$p" = "$pm" ] && total=$((total + f[13] + f[14]))
	done
	echo $total
}
