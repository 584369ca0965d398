"""Pure decision functions: the write gate and the read gate."""
