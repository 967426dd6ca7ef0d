// The Aggregate stage lands here.
import ChartpipeCore
