"""What several parts of the window share: menu and dialog scaffolding, the table's geometry and its plain data."""
