# A file's media type from its name, as an upload or a listing by kind asks for it.
import mimetypes

names = ["report.xlsx", "notes.docx", "slides.pptx", "photo.webp", "photo.JPG", "README.md", "data.csv", "dump.sql",
         "map.geojson", "book.epub", "song.flac", "clip.mkv", "font.woff2", "backup.7z", "archive.tar.gz",
         "table.ods", "page.html", "script.py", "image.svg", "unknown.zzz"]
for name in names:
    print(f"{name:<15} {mimetypes.guess_type(name)}")
print(mimetypes.guess_extension("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"))
print(mimetypes.guess_all_extensions("text/markdown"))
