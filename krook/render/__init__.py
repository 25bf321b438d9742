"""Drawing services shared by every scene: the palette, fonts and card art."""
