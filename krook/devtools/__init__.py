"""Developer scaffolding: gallery scenes, the self-test's scene hooks. Never imported by the product."""
