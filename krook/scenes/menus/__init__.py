"""The title, the lobby and the menus around a game: pause, settings, rules, keys and notices."""
