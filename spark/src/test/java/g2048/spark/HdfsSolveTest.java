package g2048.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import g2048.game.Shape;
import g2048.solver.Manifest;
import g2048.solver.PartitionedAge;
import g2048.solver.Solver;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark solve into HDFS (an in-process name node and data node on loopback): 2x2 solved, stopped
 * at age 30 and resumed, into {@code hdfs://…}, copied out of HDFS and compared with the single
 * machine's solution, figure by figure.
 */
class HdfsSolveTest {

    @TempDir
    Path tmp;

    @Test
    void solvesIntoHdfs() throws Exception {
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, tmp.resolve("hdfs").toString());
        MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        try {
            cluster.waitActive();
            String uri = cluster.getURI() + "/g2048/db22";
            assertTrue(uri.startsWith("hdfs://"), uri);
            String[] args = {"--shape", "2x2", "--out", uri, "--master", "local[2]", "--partition-states", "3",
                "--scratch", tmp.resolve("scratch").toString()};
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
            String[] first = java.util.Arrays.copyOf(args, args.length + 2);
            first[args.length] = "--max-age";
            first[args.length + 1] = "30";
            assertEquals(0, SparkSolve.run(first, print, print), out.toString(StandardCharsets.UTF_8));
            assertEquals(0, SparkSolve.run(args, print, print), out.toString(StandardCharsets.UTF_8));
            assertTrue(out.toString(StandardCharsets.UTF_8).contains("spark solve 2x2: solved"), out.toString(StandardCharsets.UTF_8));

            FileSystem fs = cluster.getFileSystem();
            Path copy = tmp.resolve("copy");
            fs.copyToLocalFile(false, new org.apache.hadoop.fs.Path("/g2048/db22"), new org.apache.hadoop.fs.Path(copy.toUri()), true);
            assertTrue(Files.exists(copy.resolve(PartitionedAge.indexName(Manifest.FIRST_AGE))));
            Path local = tmp.resolve("local");
            new Solver(Shape.S2x2, local, 2).run(Solver.Progress.quiet());
            ClusterSolverTest.assertSame(Shape.S2x2, local, copy);
        } finally {
            cluster.shutdown();
        }
    }
}
