"""Play over the internet: the choice (host or join by code), the join screen and the waiting rooms."""
