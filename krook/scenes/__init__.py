"""The screens of the desktop game, on a scene stack (see ``base``)."""

from krook.scenes.base import Scene, SceneStack, Services

__all__ = ["Scene", "SceneStack", "Services"]
