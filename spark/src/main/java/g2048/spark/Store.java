package g2048.spark;

import g2048.files.AtomicFile;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * The solution directory on any Hadoop file system (a local path, {@code file:}, {@code hdfs:},
 * an object store), from the driver and from tasks alike: whole files read and written, a write
 * going to a temporary name beside the target and renamed over it, so that a reader sees the old
 * file or the new one, never a part. The local file system is used raw (no {@code .crc} side files):
 * every solver file carries its own SHA-256; it is written by {@link AtomicFile}.
 */
final class Store implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String root;
    /** The Hadoop configuration, as its own Writable form: tasks on other machines open the same file system. */
    private final byte[] conf;
    private transient FileSystem fs;
    private transient Configuration configuration;

    Store(String root, Configuration conf) {
        this.root = root;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            conf.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.conf = bytes.toByteArray();
    }

    String root() {
        return root;
    }

    private synchronized FileSystem fs() throws IOException {
        if (fs == null) {
            configuration = new Configuration(false);
            configuration.readFields(new DataInputStream(new ByteArrayInputStream(conf)));
            FileSystem f = new Path(root).getFileSystem(configuration);
            fs = f instanceof LocalFileSystem local ? local.getRawFileSystem() : f;
        }
        return fs;
    }

    Path path(String name) {
        return new Path(new Path(root), name);
    }

    /** A name for messages: the full path of the file. */
    java.nio.file.Path label(String name) {
        return java.nio.file.Path.of(path(name).toString());
    }

    boolean exists(String name) throws IOException {
        return fs().exists(path(name));
    }

    byte[] read(String name) throws IOException {
        Path p = path(name);
        FileStatus st = fs().getFileStatus(p);
        if (st.getLen() > Integer.MAX_VALUE - 16) {
            throw new IOException(p + ": " + st.getLen() + " bytes, more than one partition's file may hold (2 GiB):"
                    + " solve with more partitions (a smaller --partition-states)");
        }
        byte[] out = new byte[(int) st.getLen()];
        try (FSDataInputStream in = fs().open(p)) {
            in.readFully(0, out);
        }
        return out;
    }

    /** Writes {@code bytes} as {@code name}, replacing it atomically where the file system renames atomically. */
    void write(String name, byte[] bytes) throws IOException {
        write(name, out -> out.write(bytes));
    }

    /** Writes {@code name} from {@code writer} as {@link #write(String, byte[])} does, for a file too large for one array. */
    void write(String name, AtomicFile.StreamWriter writer) throws IOException {
        Path target = path(name);
        FileSystem f = fs();
        if (f instanceof RawLocalFileSystem local) {
            // without its native library Hadoop sets a new local file's permissions by running chmod, a process a file:
            // the engine's own atomic write does the same job (forced, renamed over the target) in this process
            java.nio.file.Path file = local.pathToFile(target).toPath();
            java.nio.file.Files.createDirectories(file.getParent());
            AtomicFile.writeStream(file, writer);
            return;
        }
        f.mkdirs(target.getParent());
        Path tmp = new Path(target.getParent(), "." + target.getName() + "." + UUID.randomUUID() + ".tmp");
        try {
            try (FSDataOutputStream out = f.create(tmp, false)) {
                writer.write(out);
                out.hsync();
            }
            // HDFS and others refuse to rename over a file; their FileContext replaces it in one step
            FileContext.getFileContext(f.getUri(), configuration).rename(tmp, target, Options.Rename.OVERWRITE);
        } finally {
            if (f.exists(tmp)) {
                f.delete(tmp, false);
            }
        }
    }

    void delete(String name) throws IOException {
        fs().delete(path(name), true);
    }

    /** A file under the root: its name relative to the root ({@code work/vs-…} in a subdirectory) and its size. */
    record Entry(String name, long bytes) {
    }

    /** Every file under the root, subdirectories included; none when the root does not exist yet. */
    List<Entry> list() throws IOException {
        Path base = new Path(root);
        FileSystem f = fs();
        List<Entry> out = new ArrayList<>();
        if (!f.exists(base)) {
            return out;
        }
        String prefix = f.makeQualified(base).toUri().getPath();
        prefix = prefix.endsWith("/") ? prefix : prefix + "/";
        RemoteIterator<LocatedFileStatus> files = f.listFiles(base, true);
        while (files.hasNext()) {
            LocatedFileStatus st = files.next();
            String p = st.getPath().toUri().getPath();
            out.add(new Entry(p.startsWith(prefix) ? p.substring(prefix.length()) : st.getPath().getName(), st.getLen()));
        }
        return out;
    }
}
