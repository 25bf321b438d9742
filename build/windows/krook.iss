; Inno Setup script for Krook: a per-user installer with a Start-menu entry and an uninstaller.
;
; Build it with the app: python build\make.py --installer (it passes /DAppVersion from pyproject.toml), or
; by hand from the repository root:  iscc /DAppVersion=<version> build\windows\krook.iss
; The installer is written to dist\krook-<version>-windows-setup.exe.
;
; Per-user (no administrator prompt): a family machine often has no admin at hand, and Krook needs
; nothing outside the player's own folders.

#ifndef AppVersion
  #error Pass the version: iscc /DAppVersion=<pyproject version> (python build\make.py --installer does)
#endif
#define AppName "Krook"
#define AppExe "krook.exe"

[Setup]
; AppId identifies the installation for upgrades and uninstall: never change it between releases.
AppId={{6E2C7F3A-9B1D-4C52-8E0F-4A7D2B19C6E5}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The Krook developers
VersionInfoVersion={#AppVersion}
VersionInfoProductName={#AppName}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
OutputDir=..\..\dist
OutputBaseFilename=krook-{#AppVersion}-windows-setup
SetupIconFile=..\..\krook\assets\icon\krook.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; An upgrade replaces the program's own files only: last version's libraries must not linger next to the
; new ones (a stale DLL or .pyd in _internal can break the new build).
Type: filesandordirs; Name: "{app}\_internal"

[Files]
; The whole onedir build: krook.exe and its _internal folder.
Source: "..\..\dist\krook\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{group}\Uninstall {#AppName}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

[UninstallDelete]
; Only what the installer put there; saved games, settings and logs live in the player's
; AppData folders and are kept, so reinstalling keeps their progress.
Type: filesandordirs; Name: "{app}\_internal"
