"""The XMI export read by Apache UIMA's own Java deserializer, as INCEpTION reads it.

Runs where Java and Apache UIMA are installed (on Debian: ``apt-get install
default-jdk-headless libuima-core-java``) and skips elsewhere, saying so. Java computes the
covered text from its own UTF-16 offsets, so an emoji or CJK character mishandled anywhere
would show here as a shifted span.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from deid_studio.core import Document, Span
from deid_studio.formats.inception import write_inception

UIMA_JAR = Path("/usr/share/java/uimaj-core.jar")
READER = """
import java.io.*;
import org.apache.uima.UIMAFramework;
import org.apache.uima.cas.*;
import org.apache.uima.cas.impl.XmiCasDeserializer;
import org.apache.uima.cas.text.AnnotationFS;
import org.apache.uima.util.*;

public class ReadXmi {
  public static void main(String[] args) throws Exception {
    var tsd = UIMAFramework.getXMLParser().parseTypeSystemDescription(
        new XMLInputSource(new File(args[0])));
    CAS cas = CasCreationUtils.createCas(tsd, null, null);
    try (InputStream in = new FileInputStream(args[1])) {
      XmiCasDeserializer.deserialize(in, cas, false);
    }
    TypeSystem ts = cas.getTypeSystem();
    Type phi = ts.getType("webanno.custom.PHI");
    String seg = "de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.";
    System.out.println(cas.getAnnotationIndex(ts.getType(seg + "Sentence")).size());
    System.out.println(cas.getAnnotationIndex(ts.getType(seg + "Token")).size());
    for (AnnotationFS a : cas.getAnnotationIndex(phi)) {
      String kind = a.getFeatureValueAsString(phi.getFeatureByBaseName("kind"));
      String covered = a.getCoveredText().replace("\\r", "<CR>").replace("\\n", "<LF>");
      System.out.println(kind + "\\t" + covered);
    }
  }
}
"""


@pytest.mark.slow
def test_apache_uima_reads_the_export_with_the_same_spans(tmp_path: Path) -> None:
    if not (shutil.which("javac") and shutil.which("java") and UIMA_JAR.exists()):
        pytest.skip("needs Java and Apache UIMA (apt-get install libuima-core-java)")
    text = "Paciente 😀 Ana Núñez\r\nVista el 3 de mayo por 𠀋 Dr. Lee.\r\nFirma: 👩\u200d⚕️ Marta"
    found = [("Ana Núñez", "PATIENT"), ("3 de mayo", "DATE"), ("𠀋 Dr.", "OTHER")]
    spans = tuple(Span(text.index(t), text.index(t) + len(t), c) for t, c in found)
    spans += (Span(text.index("Lee"), text.index("Marta") + 5, "PROFESSIONAL"),)  # over CRLF
    write_inception([Document(text, spans, external_id="R1")], tmp_path / "out")
    (tmp_path / "ReadXmi.java").write_text(READER, "utf-8")
    jars = ":".join([str(UIMA_JAR), *map(str, Path("/usr/share/java").glob("log4j-1.2*.jar"))])
    subprocess.run(["javac", "-cp", jars, "ReadXmi.java"], cwd=tmp_path, check=True)
    done = subprocess.run(
        ["java", "-cp", f"{jars}:.", "ReadXmi", "out/TypeSystem.xml", "out/R1.xmi"],
        cwd=tmp_path, capture_output=True, text=True, encoding="utf-8", check=True,
    )  # fmt: skip
    sentences, tokens, *phi = done.stdout.splitlines()
    assert int(sentences) == 3 and int(tokens) > 20
    expected = sorted(spans, key=lambda s: (s.start, -s.end))
    assert phi == [
        f"{s.category}\t{s.text(text).replace(chr(13), '<CR>').replace(chr(10), '<LF>')}"
        for s in expected
    ]
