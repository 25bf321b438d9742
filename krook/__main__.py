import sys

from krook.cli import main

sys.exit(main())
