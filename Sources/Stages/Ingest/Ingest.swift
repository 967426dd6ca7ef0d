// The Ingest stage lands here.
import ChartpipeCore
