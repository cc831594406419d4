"""The media types a host's table gives. CPython's mimetypes reads /etc/mime.types (Debian's media-types) on top of
its own short list; the sandbox has no host files, so mimetypes.guess_type("report.xlsx") and ("photo.webp") answered
(None, None). These are the host table's answers for the extensions that list lacks and that programs meet: office
documents, data, images, audio and video, fonts and archives. Extensions whose Debian entry is an oddity (.ts as a
Qt translation, .rs as rls-services) are left to CPython's list, as on a host without the table."""

from _codeexec_patches import stand_in

COMMON = {
    # documents
    ".md": "text/markdown", ".markdown": "text/markdown", ".ics": "text/calendar", ".epub": "application/epub+zip",
    ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ".dotx": "application/vnd.openxmlformats-officedocument.wordprocessingml.template",
    ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ".xltx": "application/vnd.openxmlformats-officedocument.spreadsheetml.template",
    ".xlsm": "application/vnd.ms-excel.sheet.macroEnabled.12",
    ".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ".ppsx": "application/vnd.openxmlformats-officedocument.presentationml.slideshow",
    ".odt": "application/vnd.oasis.opendocument.text", ".ods": "application/vnd.oasis.opendocument.spreadsheet",
    ".odp": "application/vnd.oasis.opendocument.presentation", ".odg": "application/vnd.oasis.opendocument.graphics",
    # data and source
    ".sql": "application/sql", ".geojson": "application/geo+json", ".kml": "application/vnd.google-earth.kml+xml",
    ".kmz": "application/vnd.google-earth.kmz", ".arrow": "application/vnd.apache.arrow.file",
    ".cpp": "text/x-c++src", ".hpp": "text/x-c++hdr", ".rb": "application/x-ruby", ".scala": "text/x-scala",
    ".bib": "text/x-bibtex", ".class": "application/java-vm",
    # images
    ".webp": "image/webp", ".heics": "image/heic-sequence", ".psd": "image/vnd.adobe.photoshop",
    ".xcf": "image/x-xcf",
    # audio and video
    ".flac": "audio/flac", ".ogg": "audio/ogg", ".oga": "audio/ogg", ".ogv": "video/ogg", ".ogx": "application/ogg",
    ".m4a": "audio/mp4", ".m4v": "video/mp4", ".mkv": "video/x-matroska", ".wmv": "video/x-ms-wmv",
    ".wma": "audio/x-ms-wma",
    # fonts
    ".woff": "font/woff", ".woff2": "font/woff2", ".otf": "font/otf", ".ttf": "font/ttf",
    # archives and packages
    ".7z": "application/x-7z-compressed", ".rar": "application/vnd.rar", ".zst": "application/zstd",
    ".jar": "application/java-archive", ".apk": "application/vnd.android.package-archive",
    ".deb": "application/vnd.debian.binary-package", ".rpm": "application/x-redhat-package-manager",
    ".iso": "application/x-iso9660-image", ".dmg": "application/x-apple-diskimage",
    ".cab": "application/vnd.ms-cab-compressed", ".msi": "application/x-msi",
}


def patch_mimetypes(mimetypes):
    """init() reads the host's tables into the module's database: the common types are added as a table read
    there would add them. MimeTypes() made by a program reads no host table, in CPython as here."""
    init = mimetypes.init

    def add_common(db):
        for extension, media_type in COMMON.items():
            db.add_type(media_type, extension)

    def patched_init(files=None):
        init(files)
        add_common(mimetypes._db)

    mimetypes.init = stand_in(patched_init, init)
    if mimetypes.inited:
        add_common(mimetypes._db)
