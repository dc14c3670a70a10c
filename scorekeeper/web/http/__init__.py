"""HTTP plumbing: sessions, CSRF, headers, hosts, limits, caching, compression, polls."""
