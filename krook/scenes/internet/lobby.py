"""Play over the internet -> Host a game: the New game lobby, whose Start hosts on the relay too (the waiting
room then shows the invite code). Seats set to Open are taken by code over the internet or on the LAN. A
failure is said in a notice over the lobby (the lobby's own error line is for its rules)."""

from __future__ import annotations

from krook.scenes.internet.common import failure_words
from krook.scenes.menus.lobby import LobbyScene
from krook.scenes.menus.notice import NoticeScene

NO_OPEN_SEAT = (
    "Set at least one seat to Open: that is the seat a player in another house takes with the code."
)


OPEN_LABEL = "Open for LAN"  # the lobby's label of an open seat: here it is taken by code too
OPEN_SHOWN = "Open to join"  # by code over the internet, or on the LAN


def _seat_label(label: str) -> str:
    return OPEN_SHOWN if label == OPEN_LABEL else label


OPEN_TIP = (
    "A seat for a player in another house, who joins with the invite code this computer shows (or on the home "
    "network with Join LAN game). With Start now, bots play the seats nobody has taken until someone joins."
)


class InternetLobbyScene(LobbyScene):
    heading = "Host a game over the internet"
    name_label = "Game name"

    def kind_tip(self, label: str) -> str:
        return OPEN_TIP if label == OPEN_LABEL else super().kind_tip(label)

    def rebuild(self) -> None:
        super().rebuild()
        for _, kind, _ in self.seat_rows:
            kind.fmt = _seat_label

    def start(self) -> None:
        if self.rules() is not None and not self.hosting():
            self.stack.push(NoticeScene(self.services, "No seat is open", NO_OPEN_SEAT))
            return
        super().start()

    def host_game(self) -> None:
        from krook.net import internet

        try:
            game = self.services.games.host_internet(self.lobby, self.game_name, float(self.grace_s))
        except OSError as exc:  # internet.InternetError with its failure, or the LAN port
            words = failure_words(self.services, exc) if isinstance(exc, internet.InternetError) else str(exc)
            self.stack.push(
                NoticeScene(
                    self.services,
                    "Could not host the game",
                    words,
                    [("OK", lambda: None), ("Relay", self._relay_setting)],
                    danger=True,
                )
            )
            return
        self.stack.push(self.services.go.waiting_room(game))

    def _relay_setting(self) -> None:
        from krook.scenes.internet.relay_setting import RelaySettingScene

        self.stack.push(RelaySettingScene(self.services))
