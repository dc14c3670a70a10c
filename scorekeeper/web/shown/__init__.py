"""What a page shows, built from data (boards, charts, labels); no request handling."""
