// The Downsample stage lands here.
import ChartpipeCore
